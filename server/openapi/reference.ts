import type { Lang } from '../../src/contract/messages.ts';
import { escapeHtml } from '../areas/order-exports/order-summary.ts';
import { CODE_MEANINGS } from './codes.ts';
import { TAGS } from './tags.ts';

/**
 * The API reference page (`GET /api/docs`): the OpenAPI document rendered on the server as one
 * static HTML page, in English or Chinese. No script at all and no inline style: its stylesheet is
 * `/api/docs.css`, so the portal's page CSP (`script-src 'self'; style-src 'self'`) holds as it is,
 * and nothing comes from another origin. Guides first (authentication, errors, idempotency, rate
 * limits, webhooks, typed clients, with curl and TypeScript), then every operation by tag, each
 * with an anchor (its operationId), its parameters, body and answers as tables.
 */

type Json = Record<string, unknown>;
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  title?: string;
  additionalProperties?: boolean | Schema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  contentMediaType?: string;
}
interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    { $ref?: string; description?: string; content?: Record<string, { schema?: Schema }> }
  >;
  'x-rate-limits'?: unknown[];
}
interface Document {
  info: { title: string; version: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, { description: string }> };
}

const e = escapeHtml;

/** The document's prose (`code`, **bold**, blank-line paragraphs) as HTML; everything else escaped. */
export function prose(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((part) => `<p>${inline(part)}</p>`)
    .join('');
}

function inline(text: string): string {
  return e(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

const code = (text: string, lang = '') =>
  `<pre${lang ? ` data-lang="${e(lang)}"` : ''}><code>${e(text.trim())}</code></pre>`;

const WORDS = {
  en: {
    lang: 'en',
    other: { href: '?lang=zh-CN', label: '中文' },
    title: 'API reference',
    intro:
      'Every call of the portal’s API, generated from the declarations the server mounts; the same description is served for machines at `/api/openapi.json` (OpenAPI 3.1).',
    contents: 'Contents',
    guides: 'Guides',
    operations: 'Operations',
    auth: 'Authentication',
    envelope: 'Answers, errors and codes',
    idempotency: 'Idempotency',
    limits: 'Rate limits',
    webhooks: 'Webhook verification',
    clients: 'Typed clients',
    method: 'Method',
    params: 'Parameters',
    body: 'Request body',
    answer: 'Success data (`code` 0)',
    refusals: 'Refusals (HTTP 200, by `code`)',
    transport: 'Other HTTP answers',
    who: 'Who may call',
    name: 'Name',
    type: 'Type',
    required: 'Required',
    where: 'In',
    about: 'Description',
    yes: 'yes',
    no: 'no',
    codeCol: 'Code',
    meaning: 'Meaning',
    data: '`data`',
    nothing: 'no fields',
    scopes: 'API client scope',
    media: 'Answers the file itself',
  },
  'zh-CN': {
    lang: 'zh-CN',
    other: { href: '?lang=en', label: 'English' },
    title: 'API 参考',
    intro:
      '门户接口的全部调用，由服务器挂载的声明生成；同一描述以 OpenAPI 3.1 格式在 `/api/openapi.json` 提供给程序使用。接口摘要与字段说明为英文。',
    contents: '目录',
    guides: '指南',
    operations: '接口',
    auth: '认证',
    envelope: '响应信封、错误与代码',
    idempotency: '幂等',
    limits: '频率限制',
    webhooks: 'Webhook 签名验证',
    clients: '类型化客户端',
    method: '方法',
    params: '参数',
    body: '请求体',
    answer: '成功数据（`code` 0）',
    refusals: '拒绝（HTTP 200，以 `code` 区分）',
    transport: '其他 HTTP 响应',
    who: '调用权限',
    name: '名称',
    type: '类型',
    required: '必填',
    where: '位置',
    about: '说明',
    yes: '是',
    no: '否',
    codeCol: '代码',
    meaning: '含义',
    data: '`data`',
    nothing: '无字段',
    scopes: 'API 客户端权限范围',
    media: '直接返回文件',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

const ORIGIN = 'https://portal.example.com';

/** The guides, per language: each a heading id, its title and its body (HTML). */
function guides(lang: Lang, w: Words): Array<{ id: string; title: string; html: string }> {
  const zh = lang !== 'en';
  const t = (en: string, cn: string) => prose(zh ? cn : en);
  return [
    {
      id: 'authentication',
      title: w.auth,
      html: [
        t(
          '**The portal’s session.** `POST user/login` answers `data.access_token`; send it in the `X-Token` header of every call that needs a session. One live session per user: a login elsewhere ends this one (599); a session idle for 8 hours or older than 7 days has ended (598). While a password change is forced, data calls answer 463.',
          '**门户会话。** `POST user/login` 返回 `data.access_token`；调用需要会话的接口时将其放在 `X-Token` 请求头中。每个用户只有一个有效会话：在别处登录会结束当前会话（599）；空闲 8 小时或超过 7 天的会话已失效（598）。须强制修改密码时，数据接口返回 463。',
        ),
        code(
          `curl -s ${ORIGIN}/api/user/login.html \\
  -H 'Content-Type: application/json' -H 'Accept-Language: en' \\
  -d '{"username":"demo","password":"Demo@2026pass"}'
# {"code":0,"message":"ok","data":{"access_token":"…","is_weak_password":false,…}}

curl -s ${ORIGIN}/api/user/get-user-info.html -H "X-Token: $TOKEN"`,
          'curl',
        ),
        code(
          `const answer = await fetch('${ORIGIN}/api/user/login.html', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
  body: JSON.stringify({ username: 'demo', password: 'Demo@2026pass' }),
}).then((res) => res.json());
if (answer.code !== 0) throw new Error(answer.message);
const token: string = answer.data.access_token;
const me = await fetch('${ORIGIN}/api/user/get-user-info.html', { headers: { 'X-Token': token } })
  .then((res) => res.json());`,
          'TypeScript',
        ),
        t(
          '**API clients (OAuth 2.0 client credentials).** A customer administrator creates an API client in the portal, with its scopes (`orders:read`, `orders:write`, `inventory:read`, `excursions:read`, `webhooks:manage`); its secret is shown once. The client asks `POST /api/oauth/token` for an access token good for 15 minutes (RFC 6749 §4.4: `grant_type=client_credentials`, the client’s id and secret by HTTP Basic or in the form; `scope` optional, by default every scope the client holds; OAuth’s own answers and errors, not the envelope) and sends it as `Authorization: Bearer <token>`. Every call is scoped to the client’s customer, limited per client (429) and recorded in the audit trail with the client as actor; a call its scopes do not grant, or from an address the client may not use, answers 403; an expired, revoked or rotated-away token 598, as an ended session does. Each operation below names the scope that grants it.',
          '**API 客户端（OAuth 2.0 客户端凭据）。** 客户管理员在门户中创建 API 客户端并授予权限范围（`orders:read`、`orders:write`、`inventory:read`、`excursions:read`、`webhooks:manage`）；密钥只显示一次。客户端向 `POST /api/oauth/token` 申请有效期 15 分钟的访问令牌（RFC 6749 §4.4：`grant_type=client_credentials`，客户端 ID 与密钥以 HTTP Basic 或表单传递；`scope` 可选，默认为客户端拥有的全部权限范围；应答与错误为 OAuth 格式，而非信封），并以 `Authorization: Bearer <token>` 发送。每次调用都限定在该客户端所属客户、按客户端限流（429），并以该客户端为操作人记入审计追踪；权限范围未授予的调用或来自不允许地址的调用返回 403；过期、已吊销或因密钥轮换失效的令牌返回 598，与会话失效相同。下面每个接口都注明授予它的权限范围。',
        ),
        code(
          `TOKEN=$(curl -s ${ORIGIN}/api/oauth/token \\
  -u "$CLIENT_ID:$CLIENT_SECRET" \\
  -d grant_type=client_credentials -d scope=orders:read | jq -r .access_token)

curl -s "${ORIGIN}/api/customer-order/index.html?limit=20" -H "Authorization: Bearer $TOKEN"`,
          'curl',
        ),
        code(
          `const grant = await fetch('${ORIGIN}/api/oauth/token', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    Authorization: \`Basic \${btoa(\`\${clientId}:\${clientSecret}\`)}\`,
  },
  body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'orders:read' }),
}).then((res) => res.json());
const orders = await fetch('${ORIGIN}/api/customer-order/index.html?limit=20', {
  headers: { Authorization: \`Bearer \${grant.access_token}\` },
}).then((res) => res.json());`,
          'TypeScript',
        ),
        t(
          '**The provider’s systems** sign each call with the integration secret: `X-Timestamp` (Unix seconds, within 5 minutes) and `X-Signature`, the hex HMAC-SHA256 of `timestamp.rawBody`; a replayed signature is refused (403).',
          '**承运方系统** 以集成密钥签名每次调用：`X-Timestamp`（Unix 秒，误差 5 分钟内）与 `X-Signature`（对 `timestamp.rawBody` 的十六进制 HMAC-SHA256）；重放的签名被拒绝（403）。',
        ),
      ].join(''),
    },
    {
      id: 'errors',
      title: w.envelope,
      html: [
        t(
          'Every answer of a call is JSON `{code, message, data}`. Every outcome, a refusal included, comes with **HTTP 200**: `code` 0 is success, any other code a refusal, and each operation below lists the codes it can answer and what `data` each carries (a 422’s `{field: message}` map, a 409’s record as it is now, `null` for most). Branch on `code`, not on the HTTP status; `message` is for people, in the language of `Accept-Language`. Only transport faults change the HTTP status, with the same number as `code`: 408 and 413 (a body too slow or too large; the connection is closed), 429 (too many requests in progress from the address, `Retry-After: 1`), 500, 503 (`Retry-After: 2`); an unknown path is HTTP 404.',
          '所有调用的响应都是 JSON `{code, message, data}`。包括拒绝在内的所有结果都以 **HTTP 200** 返回：`code` 为 0 表示成功，其他代码表示拒绝；下面每个接口列出其可能返回的代码及各自 `data` 的内容（422 为 `{字段: 提示}`，409 为记录的当前状态，多数为 `null`）。请根据 `code` 而非 HTTP 状态分支处理；`message` 供人阅读，语言取决于 `Accept-Language`。只有传输层故障会改变 HTTP 状态，且 `code` 与之相同：408 与 413（请求体过慢或过大，连接关闭）、429（同一地址并发请求过多，`Retry-After: 1`）、500、503（`Retry-After: 2`）；未知路径为 HTTP 404。',
        ),
        code(
          `{"code":422,"message":"Please fill in this field","data":{"username":"Please fill in this field"}}
{"code":409,"message":"The address was changed meanwhile; here is its current version","data":{"ad_id":7,"version":3,…}}
{"code":598,"message":"Please log in again","data":null}`,
          'JSON',
        ),
        table(
          [w.codeCol, w.meaning],
          Object.entries(CODE_MEANINGS).map(([c, m]) => [`<code>${e(c)}</code>`, inline(zh ? m.zh : m.en)]),
        ),
      ].join(''),
    },
    {
      id: 'idempotency',
      title: w.idempotency,
      html: [
        t(
          'Creating an order (`POST customer-order/create`) and merging orders (`POST customer-order/merge`) take the caller’s `Idempotency-Key` header: 8 to 128 visible characters, for example a UUID made when the form opens, or the caller’s own request id (an IRT’s shipment request id). Sent again with the same body, the key answers the first call’s answer and does nothing more, so a retry after a timeout never makes a second order; the same key with another body is a 422, and a call without the header a 400. A user’s key is the user’s, kept 7 days; an API client’s key is its customer’s, whichever of the customer’s clients sends it, kept 90 days.',
          '创建运单（`POST customer-order/create`）与合并运单（`POST customer-order/merge`）需要调用方的 `Idempotency-Key` 请求头：8 至 128 个可见字符，例如表单打开时生成的 UUID，或调用方自己的请求编号（如 IRT 的发运请求号）。以相同请求体再次发送时，返回首次调用的结果且不再执行任何操作，因此超时后的重试不会产生第二个运单；同一键配不同请求体返回 422，缺少该请求头返回 400。用户的键属于该用户，保留 7 天；API 客户端的键属于其客户（该客户的任一客户端发送均视为同一键），保留 90 天。',
        ),
        code(
          `curl -s ${ORIGIN}/api/customer-order/create.html \\
  -H "X-Token: $TOKEN" -H 'Content-Type: application/json' \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d @order.json`,
          'curl',
        ),
        code(
          `const key = crypto.randomUUID(); // keep it with the request: a retry sends the same key
const answer = await fetch('${ORIGIN}/api/customer-order/create.html', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Token': token, 'Idempotency-Key': key },
  body: JSON.stringify(order),
}).then((res) => res.json());`,
          'TypeScript',
        ),
      ].join(''),
    },
    {
      id: 'rate-limits',
      title: w.limits,
      html: t(
        'Each operation declares its limits (listed with it below, and as `x-rate-limits` in the document), counted in fixed windows per client address, per user or per value of a field; past a limit the answer is code 429 with HTTP 200. Separately, at most 64 requests of one client address may be in progress at once in a server process: the next is answered at once with HTTP 429, code 429 and `Retry-After: 1`. Failed logins make the address wait (407, `data.retry_after` in seconds) rather than locking the account. Wait and try again; do not retry in a tight loop.',
        '每个接口声明自己的频率限制（见下方各接口，文档中为 `x-rate-limits`），按客户端地址、用户或某字段的值在固定时间窗内计数；超出限制时返回代码 429（HTTP 200）。此外，同一客户端地址在一个服务进程中最多同时处理 64 个请求：超出的请求立即以 HTTP 429、代码 429 及 `Retry-After: 1` 回答。登录失败会让该地址等待（407，`data.retry_after` 为秒数），而不会锁定账户。请等待后重试，不要紧密循环重试。',
      ),
    },
    {
      id: 'webhooks',
      title: w.webhooks,
      html: [
        t(
          'Webhooks follow Standard Webhooks 1.0. Each delivery is a POST of the event as JSON with three headers: `webhook-id` (the message id, the same for every retry and replay: use it to drop duplicates), `webhook-timestamp` (Unix seconds) and `webhook-signature`: `v1,` followed by the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the base64-decoded part of the endpoint’s secret after `whsec_`. While a secret is being rotated, the header carries several signatures separated by spaces: accept the delivery when any of them matches. Refuse a timestamp more than 5 minutes from your clock, compare in constant time, and verify the raw body before parsing it. Deliveries are at least once, retried with exponential back-off for three days: answer 2xx within 10 seconds and do the work afterwards. An endpoint whose deliveries fail for three days is disabled (its administrators are told); what happens while an endpoint is disabled is kept in its delivery log, not sent, and once it is enabled again `webhook/replay` with that time range and `failed_only` sends it, each message once. The body is `{type, timestamp, data}`, `data` holding ids and states (read the rest through the API); the types are `order.created`, `order.status_changed`, `order.delivered`, `excursion.opened`, `excursion.decided`, `document.rejected` and more (`webhook/index` lists them). Endpoints, secrets, the delivery log and replays: the Webhooks calls below.',
          'Webhook 遵循 Standard Webhooks 1.0。每次投递以 POST 发送 JSON 事件，并带三个请求头：`webhook-id`（消息 ID，重试与重放时不变，可用于去重）、`webhook-timestamp`（Unix 秒）与 `webhook-signature`：`v1,` 加上对 `id.timestamp.body` 的 base64 HMAC-SHA256，密钥为端点密钥中 `whsec_` 之后部分经 base64 解码的字节。密钥轮换期间该请求头包含多个以空格分隔的签名：任一匹配即接受。拒绝与本地时钟相差超过 5 分钟的时间戳，使用恒定时间比较，并在解析前验证原始请求体。投递至少一次，按指数退避重试三天：请在 10 秒内返回 2xx，再异步处理。连续三天投递失败的端点会被停用（并通知其管理员）；端点停用期间的事件保存在投递记录中而不发送，重新启用后以该时间段和 `failed_only` 调用 `webhook/replay` 即可补发，每条消息一次。请求体为 `{type, timestamp, data}`，`data` 只含 ID 与状态（其余内容请通过接口读取）；事件类型有 `order.created`、`order.status_changed`、`order.delivered`、`excursion.opened`、`excursion.decided`、`document.rejected` 等（`webhook/index` 列出全部）。端点、密钥、投递记录与重放：见下方 Webhook 接口。',
        ),
        code(
          `import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.LP_WEBHOOK_SECRET); // 'whsec_…' as the portal shows it
// in your handler, with the raw body as it arrived (not re-serialised JSON):
const event = wh.verify(rawBody, {
  'webhook-id': req.headers['webhook-id'],
  'webhook-timestamp': req.headers['webhook-timestamp'],
  'webhook-signature': req.headers['webhook-signature'],
}) as { type: string; timestamp: string; data: Record<string, unknown> };
// throws when no signature matches or the timestamp is more than 5 minutes off`,
          'TypeScript (standardwebhooks)',
        ),
        code(
          `import { createHmac, timingSafeEqual } from 'node:crypto';

function verified(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return header.split(' ').some((part) => {
    const [version, signature = ''] = part.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`,
          'TypeScript (node:crypto)',
        ),
        code(
          `# the expected signature of one delivery, by hand
printf '%s.%s.%s' "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP" "$BODY" \\
  | openssl dgst -sha256 -mac HMAC -binary \\
    -macopt "hexkey:$(echo "\${SECRET#whsec_}" | base64 -d | od -An -tx1 | tr -d ' \\n')" \\
  | base64`,
          'shell',
        ),
      ].join(''),
    },
    {
      id: 'typed-clients',
      title: w.clients,
      html: [
        t(
          'Generate types from `/api/openapi.json` with openapi-typescript and call with openapi-fetch: each operation’s 200 answer is a union of envelopes told apart by `code`, so checking `code` narrows `data` (a 598’s `data` is `null`, a 422’s the field map).',
          '用 openapi-typescript 从 `/api/openapi.json` 生成类型，用 openapi-fetch 调用：每个接口的 200 响应是以 `code` 区分的信封联合类型，检查 `code` 即可收窄 `data` 的类型（598 的 `data` 为 `null`，422 为字段映射）。',
        ),
        code(`npx openapi-typescript ${ORIGIN}/api/openapi.json -o portal-api.d.ts`, 'shell'),
        code(
          `import createClient from 'openapi-fetch';
import type { paths } from './portal-api.d.ts';

const portal = createClient<paths>({ baseUrl: '${ORIGIN}', headers: { 'X-Token': token } });
const { data: answer } = await portal.GET('/api/user/get-user-info.html');
if (answer?.code === 0) console.log(answer.data.name);
else if (answer?.code === 598) console.log('signed out'); // answer.data: null`,
          'TypeScript',
        ),
      ].join(''),
    },
  ];
}

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  return `<table><thead><tr>${head.map((h) => `<th>${inline(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** A schema resolved through the document's components. */
function resolve(doc: Document, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 5 && s.$ref; i++) s = doc.components.schemas[s.$ref.split('/').pop() ?? ''] ?? {};
  return s;
}

function typeLabel(doc: Document, schema: Schema | undefined, depth = 0): string {
  if (!schema) return 'any';
  if (schema.$ref) return `<code>${e(schema.$ref.split('/').pop() ?? '')}</code>`;
  if (schema.const !== undefined) return `<code>${e(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return schema.enum.map((v) => `<code>${e(JSON.stringify(v))}</code>`).join(' | ');
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return members.map((m) => typeLabel(doc, m, depth)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `list of ${typeLabel(doc, schema.items, depth)}`;
  if (type === 'object' && schema.properties && depth < 1)
    return `{ ${Object.keys(schema.properties).map(e).join(', ')} }`;
  return e(type ?? 'any');
}

function constraints(schema: Schema): string {
  const parts: string[] = [];
  if (schema.maxLength !== undefined) parts.push(`≤ ${schema.maxLength} chars`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`${schema.minimum ?? '…'}–${schema.maximum ?? '…'}`);
  if (schema.format) parts.push(schema.format);
  return parts.length ? ` <small>(${e(parts.join(', '))})</small>` : '';
}

/** An object schema's fields as a table (one level; nested objects name their fields). */
function fields(doc: Document, schema: Schema | undefined, w: Words): string {
  let s = resolve(doc, schema);
  const nullable = (s.anyOf ?? []).find((m) => resolve(doc, m).properties);
  if (nullable) s = resolve(doc, nullable);
  let prefix = '';
  if (s.type === 'array' && s.items) {
    s = resolve(doc, s.items);
    prefix = '[ ] ';
  }
  const members = s.oneOf ?? s.anyOf;
  if (members && !s.properties)
    return members.map((m) => fields(doc, m, w) || `<p>${typeLabel(doc, m)}</p>`).join('');
  if (!s.properties) return `<p>${typeLabel(doc, schema)}</p>`;
  const required = new Set(s.required ?? []);
  const rows = Object.entries(s.properties).map(([name, p]) => [
    `<code>${e(prefix + name)}</code>`,
    typeLabel(doc, p) + constraints(p),
    required.has(name) ? w.yes : w.no,
  ]);
  return rows.length ? table([w.name, w.type, w.required], rows) : `<p>${e(w.nothing)}</p>`;
}

function refusalRows(doc: Document, schema: Schema | undefined, lang: Lang): string[][] {
  const members = (schema?.oneOf ?? []).map((m) => resolve(doc, m));
  return members
    .filter((m) => m.properties?.code?.const !== 0)
    .map((m) => {
      const c = Number(m.properties?.code?.const);
      const meaning = CODE_MEANINGS[c];
      const data = m.properties?.data;
      return [
        `<code>${c}</code>`,
        inline(meaning ? (lang === 'en' ? meaning.en : meaning.zh) : ''),
        typeLabel(doc, data),
      ];
    });
}

function operationHtml(
  doc: Document,
  method: string,
  path: string,
  op: OperationObject,
  lang: Lang,
  w: Words,
) {
  const parts = [
    `<section class="op" id="${e(op.operationId)}">`,
    `<h4><a href="#${e(op.operationId)}"><span class="method ${e(method)}">${e(method.toUpperCase())}</span> <code>${e(path)}</code></a></h4>`,
    `<p class="summary">${inline(op.summary)}</p>`,
  ];
  if (op.description) parts.push(`<div class="about">${prose(op.description)}</div>`);
  const oauth = op.security?.flatMap((s) => s.oauth2 ?? []) ?? [];
  if (oauth.length)
    parts.push(
      `<p><strong>${e(w.scopes)}:</strong> ${oauth.map((s) => `<code>${e(s)}</code>`).join(', ')}</p>`,
    );
  if (op.parameters?.length) {
    parts.push(`<h5>${inline(w.params)}</h5>`);
    parts.push(
      table(
        [w.name, w.where, w.type, w.required, w.about],
        op.parameters.map((p) => [
          `<code>${e(p.name)}</code>`,
          e(p.in),
          typeLabel(doc, p.schema) + constraints(p.schema),
          p.required ? w.yes : w.no,
          inline(p.description ?? ''),
        ]),
      ),
    );
  }
  const body = op.requestBody?.content;
  if (body) {
    const [type, media] = Object.entries(body)[0] ?? [];
    parts.push(`<h5>${inline(w.body)} <small>${e(Object.keys(body).join(', '))}</small></h5>`);
    if (type && media) parts.push(fields(doc, media.schema, w));
  }
  const ok = op.responses['200'];
  const json = ok?.content?.['application/json']?.schema;
  const file = Object.keys(ok?.content ?? {}).find((t) => t !== 'application/json');
  if (file) parts.push(`<p><strong>${e(w.media)}:</strong> <code>${e(file)}</code></p>`);
  const success = json?.oneOf?.map((m) => resolve(doc, m)).find((m) => m.properties?.code?.const === 0);
  if (success) {
    parts.push(`<h5>${inline(w.answer)}</h5>`);
    parts.push(fields(doc, success.properties?.data, w));
  }
  if (json?.oneOf) {
    parts.push(`<h5>${inline(w.refusals)}</h5>`);
    parts.push(table([w.codeCol, w.meaning, w.data], refusalRows(doc, json, lang)));
  }
  const others = Object.entries(op.responses).filter(([status]) => status !== '200');
  if (others.length) {
    parts.push(`<h5>${inline(w.transport)}</h5>`);
    parts.push(
      `<p>${others
        .map(([status, r]) => {
          const name = r.$ref?.split('/').pop();
          const text = name ? doc.components.responses[name]?.description : r.description;
          return `<code>${e(status)}</code> ${inline(text ?? '')}`;
        })
        .join('<br>')}</p>`,
    );
  }
  parts.push('</section>');
  return parts.join('');
}

/** The reference page of `doc` in `lang` (English, or Chinese for anything else). */
export function referencePage(doc: Document | Json, lang: Lang): string {
  const d = doc as Document;
  const w = lang === 'en' ? WORDS.en : WORDS['zh-CN'];
  const byTag = new Map<string, Array<[string, string, OperationObject]>>();
  for (const [path, item] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0] ?? 'meta';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push([method, path, op]);
    }
  }
  const tagName = (name: string) => {
    const info = TAGS[name];
    return info ? (lang === 'en' ? info.en : `${info.zh} · ${info.en}`) : name;
  };
  const tags = d.tags.filter((t) => byTag.has(t.name));
  const guideList = guides(lang, w);
  const nav = [
    `<h2>${e(w.contents)}</h2>`,
    `<h3>${e(w.guides)}</h3><ul>${guideList.map((g) => `<li><a href="#${g.id}">${e(g.title)}</a></li>`).join('')}</ul>`,
    `<h3>${e(w.operations)}</h3><ul>${tags
      .map(
        (t) =>
          `<li><a href="#tag-${e(t.name)}">${e(tagName(t.name))}</a> <small>${byTag.get(t.name)?.length}</small></li>`,
      )
      .join('')}</ul>`,
  ].join('');
  const sections = tags.map((t) => {
    const ops = (byTag.get(t.name) ?? [])
      .sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]))
      .map(([method, path, op]) => operationHtml(d, method, path, op, lang, w));
    return `<section class="tag" id="tag-${e(t.name)}"><h3>${e(tagName(t.name))}</h3>${prose(t.description)}${ops.join('')}</section>`;
  });
  return [
    `<!doctype html><html lang="${e(w.lang)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(d.info.title)} · ${e(w.title)}</title>`,
    '<link rel="stylesheet" href="/api/docs.css">',
    '</head><body>',
    `<header><h1>${e(d.info.title)} <small>${e(d.info.version)}</small></h1>`,
    `<p class="lang"><a href="${w.other.href}" hreflang="${w.other.href.slice(6)}">${e(w.other.label)}</a> · <a href="/api/openapi.json">openapi.json</a></p>`,
    `${prose(w.intro)}</header>`,
    `<nav>${nav}</nav><main>`,
    `<h2>${e(w.guides)}</h2>`,
    guideList
      .map((g) => `<section class="guide" id="${g.id}"><h3>${e(g.title)}</h3>${g.html}</section>`)
      .join(''),
    `<h2>${e(w.operations)}</h2>`,
    sections.join(''),
    '</main></body></html>',
  ].join('');
}

/** The page's stylesheet (`/api/docs.css`): the page has no inline style, so its CSP needs none. */
export const REFERENCE_CSS = `
:root { color-scheme: light dark; --fg: #1d2430; --muted: #5b6473; --line: #d9dee7; --bg: #fff; --code: #f3f5f8; --accent: #1557b0; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3abb8; --line: #343b47; --bg: #15181d; --code: #1f242c; --accent: #7fb0ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Noto Sans SC", sans-serif; color: var(--fg); background: var(--bg); display: grid; grid-template-columns: 280px minmax(0, 1fr); grid-template-areas: "head head" "nav main"; }
header { grid-area: head; padding: 16px 24px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0; font-size: 22px; }
header small, h5 small, td small { color: var(--muted); font-weight: normal; }
nav { grid-area: nav; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; padding: 8px 16px 24px 24px; border-right: 1px solid var(--line); font-size: 14px; }
nav ul { list-style: none; padding: 0; margin: 0 0 12px; }
nav li { margin: 2px 0; }
main { grid-area: main; min-width: 0; padding: 8px 32px 48px; max-width: 1100px; }
td code { overflow-wrap: anywhere; }
td:first-child code { white-space: nowrap; overflow-wrap: normal; }
h2 { margin-top: 32px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h3 { margin-top: 28px; }
h4 { margin: 0 0 4px; font-size: 15px; }
h5 { margin: 12px 0 4px; font-size: 13px; color: var(--muted); }
a { color: var(--accent); text-decoration: none; }
a:hover, a:focus { text-decoration: underline; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: var(--code); padding: 0 3px; border-radius: 3px; }
pre { background: var(--code); padding: 10px 12px; border-radius: 6px; overflow: auto; }
pre code { padding: 0; background: none; }
pre[data-lang]::before { content: attr(data-lang); display: block; color: var(--muted); font-size: 12px; margin-bottom: 4px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
th { font-weight: 600; color: var(--muted); }
.op { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.op:target { outline: 2px solid var(--accent); }
.op .summary { margin: 0 0 6px; font-weight: 600; }
.op .about p { margin: 4px 0; color: var(--muted); }
.method { display: inline-block; min-width: 48px; text-align: center; border-radius: 4px; padding: 0 6px; color: #fff; font-size: 12px; font-weight: 700; }
.method.get { background: #2f7d32; }
.method.post { background: #1557b0; }
@media (max-width: 800px) { body { display: block; } nav { position: static; max-height: none; border: 0; } main { padding: 8px 16px; } }
`;
