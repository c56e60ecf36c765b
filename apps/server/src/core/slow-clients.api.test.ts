import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, contract, signFields } from '@pinyou/contract';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/harness.ts';

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Resolves with how long the server took to close a connection that sends `text` and then nothing. */
function stallWith(text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const s = net.connect(port, '127.0.0.1', () => s.write(text));
    s.on('error', () => undefined);
    s.on('close', () => resolve(Date.now() - started));
    setTimeout(() => {
      s.destroy();
      reject(new Error('the server kept a stalled connection open'));
    }, 8000);
  });
}

function postRaw(path: string, body: Buffer | string, headers: Record<string, string>) {
  return new Promise<{ status: number; json: { code: number; msg: string } }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('slow and oversized requests', () => {
  it('closes a request whose body never finishes', async () => {
    const body = await stallWith(
      `POST /api/applet/getSystemSetting HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
    );
    expect(body).toBeLessThan(5000);
  });

  it('closes a request whose headers never finish', async () => {
    const took = await stallWith(`POST /api/applet/getSystemSetting HTTP/1.1\r\nHost: x\r\nContent-Type: appl`);
    expect(took).toBeLessThan(5000);
  });

  it('closes a kept-alive connection that sends nothing after its answer', async () => {
    const signed = JSON.stringify(signFields({}, TEST_SECRET));
    const took = await new Promise<number>((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () =>
        s.write(
          `POST ${contract.account.getSystemSetting.path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(signed)}\r\n\r\n${signed}`,
        ),
      );
      let answeredAt = 0;
      s.on('data', () => (answeredAt ||= Date.now()));
      s.on('error', () => undefined);
      s.on('close', () => (answeredAt ? resolve(Date.now() - answeredAt) : reject(new Error('no answer before close'))));
      setTimeout(() => {
        s.destroy();
        reject(new Error('the server kept an idle connection open'));
      }, 8000);
    });
    expect(took).toBeLessThan(5000);
  });

  it('answers a body over the limit with the envelope’s too-large code, not a reset connection', async () => {
    const big = JSON.stringify(signFields({ nickname: 'x'.repeat(2 * 1024 * 1024) }, TEST_SECRET));
    const r = await postRaw(contract.account.getSystemSetting.path, big, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(big)),
    });
    expect(r.status).toBe(413);
    expect(r.json.code).toBe(Code.PAYLOAD_TOO_LARGE);
  });

  it('refuses more files than the call takes while the upload streams', async () => {
    const boundary = '----pinyou';
    const fields = signFields({ purpose: 'avatar' }, TEST_SECRET);
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (let i = 0; i < 5; i++) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
      );
      parts.push(Buffer.alloc(200_000, 1), Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const body = Buffer.concat(parts);
    const user = await t.services.db.transaction(async (tx) =>
      (await import('../modules/account/account.repository.ts')).insertUser(tx, { userAccount: 'uploader1', roles: ['user'] }),
    );
    const { token } = await t.services.sessions.issueForUser(t.services.db, user.id, 'user', { ip: '1', userAgent: '' });
    const r = await postRaw(contract.account.uploadImage.path, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
      token,
    });
    expect(r.json.code).toBe(Code.PAYLOAD_TOO_LARGE);
  });
});
