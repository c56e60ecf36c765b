import type { FastifyInstance } from 'fastify';
import { SandboxWxpayProvider } from '../../providers/wxpay.provider.ts';
import type { WxpayProvider } from '../../providers/wxpay.provider.ts';
import type { RechargeService } from './recharge.service.ts';
import { formatMinor } from './ledger.ts';
import { SandboxBankNotifyProvider, type BankNotifyProvider } from '../../providers/bank-notify.provider.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Like WeChat H5's redirect_url: where "Back to Pinyou" leads after paying. Only an in-app hash route
 * of this origin is accepted, so the sandbox cannot be used as an open redirect.
 */
function backUrl(q: unknown, fallback: string) {
  const r = (q as { redirect_url?: unknown } | undefined)?.redirect_url;
  return typeof r === 'string' && /^\/#\/[A-Za-z0-9_\-/?=&.%]*$/.test(r) ? r : fallback;
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>body{font:16px system-ui;margin:0;background:#f2f2f2;color:#222}main{max-width:420px;margin:0 auto;padding:24px}
.card{background:#fff;border-radius:12px;padding:20px;text-align:center}.amt{font-size:36px;font-weight:600;margin:12px 0}
.banner{background:#fff3cd;color:#7a5a00;padding:8px 12px;border-radius:8px;font-size:13px;margin-bottom:16px}
button{width:100%;padding:14px;border:0;border-radius:8px;font-size:17px;margin-top:12px}.ok{background:#07c160;color:#fff}.no{background:#e5e5e5}
a{color:#197CFF}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Pages of the WeChat Pay sandbox (only when the sandbox provider is in use). Plain HTML forms, no
 * scripts, so the CSP holds. Confirm sends the provider's signed notification through the real notify
 * endpoint, exactly as WeChat would.
 */
export async function registerWalletPages(app: FastifyInstance, s: { providers: { wxpay: WxpayProvider }; recharge: RechargeService }) {
  const provider = s.providers.wxpay;
  if (!(provider instanceof SandboxWxpayProvider) || !s.recharge.wechatEnabled) return;
  await app.register(async (scope) => {
    // The forms carry no fields; accept their content type and ignore the body.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    // Every page and action needs the order's link key: only the session that created the payment got it.
    scope.get<{ Params: { no: string; key: string } }>('/sandbox/wxpay/:no/:key', async (req, reply) => {
      const o = provider.holdsLink(req.params.no, req.params.key) ? provider.order(req.params.no) : null;
      reply.type('text/html').header('cache-control', 'no-store');
      if (!o)
        return reply
          .code(404)
          .send(
            page(
              'WeChat Pay sandbox',
              '<div class="card"><p>Unknown or expired sandbox payment.</p><p><a href="/">Back to Pinyou</a></p></div>',
            ),
          );
      const no = `${esc(encodeURIComponent(req.params.no))}/${esc(encodeURIComponent(req.params.key))}`;
      const back = backUrl(req.query, '');
      const q = back ? `?redirect_url=${esc(encodeURIComponent(back))}` : '';
      const state =
        o.state === 'NOTPAY'
          ? `<form method="post" action="/sandbox/wxpay/${no}/confirm${q}"><button class="ok" type="submit">Confirm payment 确认支付</button></form>
             <form method="post" action="/sandbox/wxpay/${no}/cancel${q}"><button class="no" type="submit">Cancel 取消</button></form>`
          : `<p>${o.state === 'SUCCESS' ? 'Paid 已支付' : 'Cancelled 已取消'}</p><p><a href="/">Back to Pinyou</a></p>`;
      return page(
        'WeChat Pay sandbox',
        `<div class="banner">SANDBOX — no real money moves. 沙箱支付，不会真实扣款。</div>
         <div class="card"><div>${esc(o.input.description)}</div><div class="amt">S$${formatMinor(o.input.amountMinor)}</div>
         <div style="color:#888;font-size:13px">${esc(o.input.outTradeNo)}</div>${state}</div>`,
      );
    });

    scope.post<{ Params: { no: string; key: string } }>('/sandbox/wxpay/:no/:key/confirm', async (req, reply) => {
      const note = provider.holdsLink(req.params.no, req.params.key) ? provider.confirm(req.params.no) : null;
      reply.type('text/html').header('cache-control', 'no-store');
      if (!note)
        return reply
          .code(409)
          .send(
            page(
              'WeChat Pay sandbox',
              '<div class="card"><p>This payment can no longer be confirmed.</p><p><a href="/">Back to Pinyou</a></p></div>',
            ),
          );
      const res = await app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: note.headers, payload: note.body });
      const ok = res.statusCode === 200 && res.json<{ code: number }>().code === 0;
      return page(
        'WeChat Pay sandbox',
        `<div class="card"><p>${ok ? 'Payment succeeded 支付成功' : 'Payment failed 支付失败'}</p><p><a href="${esc(backUrl(req.query, '/#/pages/sub/rechange-list'))}">Back to Pinyou</a></p></div>`,
      );
    });

    scope.post<{ Params: { no: string; key: string } }>('/sandbox/wxpay/:no/:key/cancel', async (req, reply) => {
      if (provider.holdsLink(req.params.no, req.params.key)) provider.cancel(req.params.no);
      reply.type('text/html').header('cache-control', 'no-store');
      return page(
        'WeChat Pay sandbox',
        `<div class="card"><p>Payment cancelled 支付已取消</p><p><a href="${esc(backUrl(req.query, '/#/pages/sub/recharge'))}">Back to Pinyou</a></p></div>`,
      );
    });
  });
}

/**
 * PayNow credit notifications from the bank: POST /api/notify/paynow (the raw body is kept for the
 * signature by app.ts for every /api/notify/ path). Answers 200 for every verified notice, whatever its
 * outcome, so the bank does not retry a duplicate; 401 when the signature fails. With the sandbox bank,
 * POST /sandbox/paynow/notify {reference, amount} makes the signed notice and sends it through that path.
 */
export async function registerBankNotify(app: FastifyInstance, s: { bank: BankNotifyProvider; recharge: RechargeService }) {
  app.post('/api/notify/paynow', async (req, reply) => {
    const raw = (req as typeof req & { rawBody?: string }).rawBody ?? '';
    const outcome = await s.recharge.handleBankNotification(s.bank, req.headers as Record<string, unknown>, raw);
    if (outcome === 'refused') return reply.code(401).send({ ok: false });
    return reply.send({ ok: true, outcome });
  });
  const bank = s.bank;
  if (!(bank instanceof SandboxBankNotifyProvider)) return;
  app.post<{ Body: { reference?: string; amount?: string } }>('/sandbox/paynow/notify', async (req, reply) => {
    const n = bank.notice({ reference: String(req.body?.reference ?? ''), amount: String(req.body?.amount ?? '') });
    const res = await app.inject({ method: 'POST', url: '/api/notify/paynow', headers: n.headers, payload: n.body });
    return reply.code(res.statusCode).type('application/json').send(res.body);
  });
}
