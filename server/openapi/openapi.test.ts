import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../app.ts';
import { contractOperations } from '../testing/contract.ts';
import { testApp, testDatabase } from '../testing/test-app.ts';

// The worker's database is created once, within the hook timeout rather than a test's.
beforeAll(() => testDatabase());

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}
interface OperationObject {
  operationId: string;
  security: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  maxLength?: number;
  oneOf?: JsonSchema[];
}

async function fetchDocument() {
  const t = await testApp();
  const res = await t.app.request('/api/openapi.json');
  return { t, res, doc: JSON.parse(await res.text()) as Doc };
}

const bodySchema = (doc: Doc, path: string, type = 'application/json') =>
  doc.paths[`/api/${path}.html`]?.post?.requestBody?.content[type]?.schema;

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 JSON document served with the API headers', async () => {
    const { res, doc } = await fetchDocument();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toHaveProperty('XToken');
  });

  it('lists exactly the API calls the app mounts, with their methods', async () => {
    const { t, doc } = await fetchDocument();
    const mounted = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
      // Hono's `:id` is OpenAPI's `{id}` (the SCIM service's paths)
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(mounted.length).toBeGreaterThan(0);
    expect([...new Set(documented)].sort()).toEqual([...new Set(mounted)].sort());
  });

  it('carries the request schemas the server validates with', async () => {
    const { doc } = await fetchDocument();
    const login = bodySchema(doc, 'user/login');
    expect(login?.properties?.username?.maxLength).toBe(64);
    expect(login?.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(login?.additionalProperties).toBe(false);
    const errorLog = bodySchema(doc, 'common/error-log');
    expect(errorLog?.properties?.message?.maxLength).toBe(4000);
    const change = bodySchema(doc, 'index/change-passwd', 'application/x-www-form-urlencoded');
    expect(change?.oneOf).toHaveLength(2);
  });

  it('describes GET queries as parameters', async () => {
    const { doc } = await fetchDocument();
    const params = doc.paths['/api/common/data-tracking.html']?.get?.parameters ?? [];
    const code = params.find((p) => p.name === 'element_code');
    expect(code).toMatchObject({ in: 'query', required: true });
    expect(params.find((p) => p.name === 'description')).toMatchObject({
      required: false,
      schema: { type: 'string', maxLength: 1000 },
    });
  });

  it('is well-formed: unique operation ids, resolvable references, a 200 answer everywhere', async () => {
    const { doc } = await fetchDocument();
    const ids: string[] = [];
    const text = JSON.stringify(doc);
    for (const ref of text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) {
      expect(doc.components).toHaveProperty(['schemas', ref[1]!]);
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      // every call ends in .html or .json; the live stream (server-sent events) and the reference
      // page with its stylesheet are no calls
      // page with its stylesheet are no calls; the SCIM service is REST as RFC 7644 has it
      expect(path).toMatch(
        /^\/api\/(live\/stream|oauth\/token|scim\/v2\/[A-Za-z]+(\/\{id\})?|docs(\.css)?|[a-z-]+(\/[a-z_-]+)?\.(html|json))$/,
      );
      const scim = path.startsWith('/api/scim/v2/');
      for (const [method, op] of Object.entries(item)) {
        expect(scim ? ['get', 'post', 'put', 'patch', 'delete'] : ['get', 'post']).toContain(method);
        ids.push(op.operationId);
        if (scim) expect(Object.keys(op.responses).some((s) => /^2\d\d$/.test(s))).toBe(true);
        else expect(op.responses).toHaveProperty('200');
        const names = (op.parameters ?? []).map((p) => p.name);
        expect(new Set(names).size).toBe(names.length);
        if (method === 'get') expect(op.requestBody).toBeUndefined();
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const name of ['XToken', 'ChatSession', 'Timestamp', 'Signature', 'ScimToken']) {
      expect(doc.components.securitySchemes).toHaveProperty(name);
    }
  });

  it('documents the chat calls from their schemas', async () => {
    const { doc } = await fetchDocument();
    const search = doc.paths['/api/customer-service/search.html']?.get?.parameters ?? [];
    expect(search.find((p) => p.name === 'keyword')).toMatchObject({
      required: true,
      schema: { type: 'string', maxLength: 50 },
    });
    const comment = bodySchema(doc, 'customer-service/add-comment');
    expect(comment?.required).toEqual(expect.arrayContaining(['a_id', 'comment_type']));
    expect(comment?.properties?.comment_desc?.maxLength).toBe(200);
  });

  it('describes the menu answer with a recursive route record schema', async () => {
    const { doc } = await fetchDocument();
    const text = JSON.stringify(doc.paths['/api/common/get-route.html']?.get?.responses['200']);
    expect(text).toContain('"items":{"$ref":"#/components/schemas/RouteRecord"}');
    const record = doc.components.schemas.RouteRecord as JsonSchema;
    expect(record.required).toEqual(['path', 'name', 'component', 'hidden', 'meta']);
    expect(JSON.stringify(record.properties?.children)).toContain('#/components/schemas/RouteRecord');
    expect(JSON.stringify(doc)).not.toContain('$defs');
  });

  it('marks which calls need a session', async () => {
    const { doc } = await fetchDocument();
    for (const op of await contractOperations()) {
      const security = doc.paths[`/api/${op.path}.html`]?.[op.method.toLowerCase()]?.security;
      // a session's token, or an API client's (oauth2) where a scope grants the call
      const needs =
        security !== undefined && security.length > 0 && !security.some((s) => !s.XToken && !s.oauth2);
      expect([op.id, needs]).toEqual([op.id, op.auth === 'session' || op.auth === 'account']);
    }
  });

  it('mounts every operation the contract declares, once, and nothing it does not declare', async () => {
    const declared = (await contractOperations()).map((op) => op.id).sort();
    const mounted = routes.map((r) => r.op.id).sort();
    expect(mounted).toEqual(declared);
    expect(new Set(mounted).size).toBe(mounted.length);
  });
});
