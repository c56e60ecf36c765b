import { z } from 'zod';
import { allEndpoints } from './catalogue.ts';
import { Code } from './codes.ts';
import { codeMessages } from './messages.ts';
import { isStaffAuth, staffRoles, type EndpointDef } from './endpoint.ts';
import { refusedInMemberSession } from './member-session.ts';

function schemaOf(s: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(s, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/** The roles the pipeline lets through: staff calls always admit `admin`; [] means anyone with that login. */
function rolesOf(def: EndpointDef): string[] {
  if (isStaffAuth(def.auth)) return ['admin', ...(def.roles ?? staffRoles).filter((r) => r !== 'admin')];
  return def.roles ? [...def.roles] : [];
}

function whoMayCall(def: EndpointDef) {
  if (def.auth === 'none') return 'anyone';
  const roles = rolesOf(def);
  const who = roles.length ? roles.join(', ') : def.auth === 'user' ? 'any customer' : 'any session';
  return refusedInMemberSession(def) ? `${who} (not while acting as a member)` : who;
}

/** OpenAPI 3.1 document built from the contract. */
export function buildOpenApi(version: string) {
  const paths: Record<string, unknown> = {};
  for (const { domain, name, def } of allEndpoints()) {
    const body = schemaOf(def.request, 'input');
    paths[def.path] = {
      post: {
        operationId: name,
        tags: [domain],
        summary: def.summary,
        description:
          `Login: ${def.auth}. May call: ${whoMayCall(def)}.` +
          (def.signed === false ? ' Not signed.' : ' Signed: add timestamp, nonce and sign (see info.description).') +
          (def.multipart ? ' multipart/form-data.' : ''),
        requestBody: {
          content: { [def.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } },
        },
        responses: {
          '200': {
            description: 'Envelope {code, msg, version, data}; data as below when code is 0',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer' },
                    msg: { type: 'string' },
                    version: { type: 'string' },
                    data: schemaOf(def.response, 'output'),
                  },
                },
              },
            },
          },
        },
        ...(def.auth === 'none' ? {} : { security: [{ token: [] }] }),
        'x-auth': def.auth,
        'x-roles': rolesOf(def),
        ...(refusedInMemberSession(def) ? { 'x-member-session': 'refused' } : {}),
        ...(isStaffAuth(def.auth) ? { 'x-audit': def.read ? 'read' : 'write (audited)' } : {}),
      },
    };
  }
  const codeTable = Object.entries(Code)
    .map(([name, code]) => `| ${code} | ${name} | ${codeMessages[name as keyof typeof Code].en} |`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pinyou API',
      version,
      description:
        'Every call is POST with a JSON body (GET with query fields works too). Sign: canonical string = every field but `sign` whose value is not null/empty, sorted by key, `key=value` (strings as-is, others as JSON) joined with `&`; `sign` = hex HMAC-SHA256 with the signing secret. `timestamp` within 300 s, `nonce` 16-64 [A-Za-z0-9], never reused.\n\nHeaders: `token` (or `Authorization: Bearer`), `language` (zh_CN | en), `agent: H5`.\n\n| code | name | message |\n|---|---|---|\n' +
        codeTable,
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    paths,
  };
}
