import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { register } from 'tsx/esm/api';
import { CAPTCHA_ANSWER } from './test-captcha.mjs';

/** Calls that exist only in the browser tests (the app has no upload call yet). */
const TEST_ONLY = '/api/__test__';

/** Reads a request body in chunks, pausing `pause` ms after each (a slow server: the client's
 * upload progress then has time to show; the socket's buffers still take the first megabytes). */
async function readBody(req, pause) {
  const chunks = [];
  for await (const chunk of req) {
    chunks.push(chunk);
    if (pause) await new Promise((r) => setTimeout(r, pause));
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /api/__test__/upload-echo.html`: parses the multipart body and answers the envelope with
 * what arrived (fields, each file's name, type and size, the X-Token and Accept-Language
 * headers). `upload-slow.html`: the same from a slow reader (2 ms after each chunk).
 * `upload-stall.html`: reads the body, then answers only after 3 s (for idle timeouts).
 */
async function testOnly(req, res) {
  const name = new URL(req.url, 'http://test').pathname.slice(TEST_ONLY.length + 1);
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (!['upload-echo.html', 'upload-slow.html', 'upload-stall.html'].includes(name)) {
    send(404, { code: 404, message: 'no such test call', data: null });
    return;
  }
  const body = await readBody(req, name === 'upload-slow.html' ? 2 : 0);
  if (name === 'upload-stall.html') await new Promise((r) => setTimeout(r, 3000));
  const form = await new Request('http://test/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body,
  }).formData();
  const fields = {};
  const files = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else files.push({ field: name, name: value.name, type: value.type, size: value.size });
  }
  send(200, {
    code: 0,
    message: 'ok',
    data: {
      fields,
      files,
      bytes: body.length,
      token: req.headers['x-token'] ?? '',
      language: req.headers['accept-language'] ?? '',
    },
  });
}

/**
 * The real API server for element tests: the Hono app is booted in-process (migrated PGlite with
 * the reference data, in a throw-away folder) and the test runner's dev server hands every `/api/*` request to
 * it, so elements under test talk to the real server on their own origin.
 */
/** The integration secret of the in-process server (test only, made per run). */
const PROVIDER_SECRET = randomBytes(24).toString('base64url');

export function realApi() {
  let booted;
  let dataDir;
  let listener;
  const app = () => {
    booted ??= (async () => {
      register();
      const { boot } = await import('../server/boot.ts');
      const { loadConfig } = await import('../server/config.ts');
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-browser-tests-'));
      // Starts from the migrated template (it saves creating the database cluster).
      const { migratedDataFolder } = await import('../server/testing/pglite-template.ts');
      await migratedDataFolder(dataDir);
      // Test mode, per-address limits off (every test shares one address), no demo accounts: each
      // test makes its own users (the `lp-create-user` command).
      const config = {
        ...loadConfig({ NODE_ENV: 'test' }),
        dataDir,
        filesDir: path.join(dataDir, 'files'),
        distDir: path.resolve('dist'),
        rateLimits: false,
        // A keyword's list counts stop at 100 matches here (10,000 in the product), so an element
        // test shows the capped list ("100+") with a hundred orders instead of ten thousand.
        orderCountCap: 100,
        // The provider's signed calls, made by the tests as the provider would ('lp-provider').
        integrationSecret: PROVIDER_SECRET,
        // Every captcha shows and takes this text (scripts/test-captcha.mjs).
        captchaTestAnswer: CAPTCHA_ANSWER,
        // Webhook endpoints on this machine's loopback, over http (<lp-webhook-endpoints>' tests).
        webhooks: { allowPrivate: true, allowHttp: true },
      };
      return boot(config);
    })();
    return booted;
  };

  return {
    name: 'lp-real-api',
    async start() {
      await app();
    },
    async stop() {
      if (!booted) return;
      const { database } = await booted;
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    /**
     * Test commands on the real database, so each browser test makes its own data
     * (`executeServerCommand` of src/ui/testing/commands.ts, typed in src/ui/testing/server.ts):
     * `lp-create-user` (options of server/testing/fixtures.ts `createUser`) → the fixture user;
     * `lp-last-sms-code` ({ mobile }) → the 6-digit code last sent to it, or null;
     * `lp-attachment-orders` ({ cu_id, orders }) → orders with projects and files
     * (server/testing/attachment-fixtures.ts);
     * `lp-create-order` (server/testing/order-view-fixtures.ts `createViewOrder`) → `{ id, order_no }`;
     * `lp-make-orders` ({ cuId, project?, orders }) → orders of server/testing/order-fixtures.ts
     * `createOrder` (each with an optional `created_at`), in a new project when `project` is given;
     * `lp-clone-orders` ({ cu_id, count }) → `count` orders of the customer (one made by the
     * order fixture, the rest copies of it by insert…select) → their number;
     * `lp-provider` ({ name, body }) → the envelope of the signed call `provider/<name>`;
     * `lp-fail-export` ({ id }) → marks an export job failed, as a full disk or a stopped server leaves it;
     * `lp-editor-setup` (server/testing/editor-fixtures.ts `createEditorSetup` options) → a user of
     * a new customer with a project, sites, regions, addresses and stock ready to order, and
     * `form`: a complete order form for it;
     * `lp-customer-orders` ({ cu_id }) → the customer's orders `{ id, order_no, status, version }`, newest first;
     * `lp-touch-order` ({ id, remark?, to_contact? }) → another session's edit of the order (version + 1) → `{ version }`;
     * `lp-expire-supplier-link` ({ id }) → ends a supplier link now (its row's expiry);
     * `lp-stock-line` ({ in_id }) → `{ quantity, reserved }` of a stock line;
     * `lp-create-stock` ({ cu_id, lines: createStockLine options, each with optional `movements`
     * [{ kind, delta, note }] }) → the lines made `{ in_id, code, name }`;
     * `lp-create-stations` ({ stations: createStation options of server/testing/station-fixtures.ts })
     * → the stations made `{ st_id, name, name_en }` (the app's cached list is dropped);
     * `lp-excursion-shipments` ({ cu_id, shipments }) → orders in progress with a goods line and a
     * logger each (server/testing/excursion-browser-fixtures.ts), whose readings then open cases;
     * `lp-excursion-age` ({ order_id, days }) → the order's cases opened so many days earlier;
     * `lp-notify` ({ uid, cu_id, kind, ref, order_id? }) → a notification of the user's (as the
     * notifier makes it), told on the live stream; its id;
     * `lp-send-webhooks` → one webhook sender pass (no background work runs here): what it did.
     */
    async executeCommand({ command, payload }) {
      const commands = [
        'lp-create-user',
        'lp-last-sms-code',
        'lp-attachment-orders',
        'lp-create-order',
        'lp-make-orders',
        'lp-clone-orders',
        'lp-provider',
        'lp-fail-export',
        'lp-editor-setup',
        'lp-customer-orders',
        'lp-touch-order',
        'lp-stock-line',
        'lp-create-stock',
        'lp-tracking-step',
        'lp-tracking-failures',
        'lp-create-stations',
        'lp-excursion-shipments',
        'lp-excursion-age',
        'lp-notify',
        'lp-send-webhooks',

        'lp-expire-supplier-link',
      ];
      if (!commands.includes(command)) return undefined;
      const { deps } = await app();
      if (command === 'lp-attachment-orders') {
        const { createAttachmentOrders } = await import('../server/testing/attachment-fixtures.ts');
        return createAttachmentOrders(deps, payload.cu_id, payload.orders);
      }
      if (command === 'lp-excursion-shipments' || command === 'lp-excursion-age') {
        const fixtures = await import('../server/testing/excursion-browser-fixtures.ts');
        if (command === 'lp-excursion-age')
          return fixtures.ageExcursionCases(deps.db, payload.order_id, payload.days);
        return fixtures.createExcursionShipments(deps.db, payload.cu_id, payload.shipments);
      }
      if (command === 'lp-create-order') {
        const { createViewOrder } = await import('../server/testing/order-view-fixtures.ts');
        return createViewOrder(deps.db, payload);
      }
      if (command === 'lp-provider') {
        // A signed provider call (`provider/<name>`), as the provider's systems make it.
        const { signIntegration } = await import('../server/http/signature.ts');
        const raw = JSON.stringify(payload.body);
        const timestamp = String(Math.floor(Date.now() / 1000));
        const { app: hono } = await app();
        const response = await hono.request(`/api/provider/${payload.name}.html`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-timestamp': timestamp,
            'x-signature': signIntegration(PROVIDER_SECRET, timestamp, raw),
          },
          body: raw,
        });
        return response.json();
      }
      if (command === 'lp-send-webhooks') {
        const { runWebhookSender } = await import('../server/areas/webhooks/send-pool.ts');
        return runWebhookSender(deps);
      }
      if (command === 'lp-notify') {
        const { appendEvents } = await import('../server/areas/live/outbox.ts');
        const now = new Date();
        return deps.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('notifications')
            .values({
              uid: payload.uid,
              cu_id: payload.cu_id,
              kind: payload.kind,
              record_id: String(payload.order_id ?? 0),
              order_id: payload.order_id ?? null,
              ref: payload.ref,
              event_seq: -1 - Math.floor(Math.random() * 1e9),
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await appendEvents(
            trx,
            [
              {
                cuId: payload.cu_id,
                kind: 'notification',
                action: 'new',
                recordId: payload.uid,
                audience: payload.uid,
                actor: { kind: 'system', id: null, name: '' },
              },
            ],
            now,
          );
          return row.id;
        });
      }
      if (command === 'lp-fail-export') {
        await deps.db
          .updateTable('export_jobs')
          .set({
            status: 'failed',
            error: 'The export failed, please try again',
            storage_key: null,
            size: null,
          })
          .where('id', '=', payload.id)
          .execute();
        return payload.id;
      }
      if (command === 'lp-create-stock') {
        const { createMovement, createStockLine } = await import('../server/testing/master-data-fixtures.ts');
        const made = [];
        for (const { movements = [], ...line } of payload.lines) {
          const stock = await createStockLine(deps.db, payload.cu_id, line);
          for (const m of movements) await createMovement(deps.db, stock.in_id, { ...m, at: new Date() });
          made.push(stock);
        }
        return made;
      }
      if (command === 'lp-editor-setup') {
        const { createEditorSetup, orderForm } = await import('../server/testing/editor-fixtures.ts');
        const setup = await createEditorSetup(deps.db, payload ?? {});
        return { ...setup, form: orderForm(setup) };
      }
      if (command === 'lp-customer-orders') {
        return deps.db
          .selectFrom('orders')
          .select(['id', 'order_no', 'status', 'version'])
          .where('cu_id', '=', payload.cu_id)
          .orderBy('id', 'desc')
          .execute();
      }
      if (command === 'lp-touch-order') {
        const changes = {};
        if (payload.remark !== undefined) changes.remark = payload.remark;
        if (payload.to_contact !== undefined) changes.to_contact = payload.to_contact;
        const { sql } = await import('kysely');
        return deps.db
          .updateTable('orders')
          .set({ ...changes, version: sql`version + 1`, updated_at: new Date() })
          .where('id', '=', payload.id)
          .returning(['version'])
          .executeTakeFirstOrThrow();
      }
      if (command === 'lp-tracking-step') {
        const at = new Date();
        await deps.db
          .insertInto('order_events')
          .values({
            order_id: payload.id,
            at,
            kind: payload.milestone,
            actor_kind: 'provider',
            location: payload.location ?? '',
          })
          .execute();
        await deps.db
          .updateTable('orders')
          .set({ milestone: payload.milestone, updated_at: at })
          .where('id', '=', payload.id)
          .execute();
        return true;
      }
      if (command === 'lp-create-stations') {
        const { createStation } = await import('../server/testing/station-fixtures.ts');
        const made = [];
        for (const options of payload.stations) made.push(await createStation(deps, options));
        return made;
      }
      if (command === 'lp-tracking-failures') {
        const failed_at = new Date();
        const rows = Array.from({ length: payload.count }, (_, i) => ({
          order_no: payload.order_no,
          address: `203.0.113.${i + 1}`,
          failed_at,
        }));
        await deps.db.insertInto('tracking_failures').values(rows).execute();
        return true;
      }
      if (command === 'lp-expire-supplier-link') {
        // the link's own row ends it (as its signed expiry would, hours later)
        const link = await deps.db
          .updateTable('supplier_links')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('id', '=', payload.id)
          .returning('id')
          .executeTakeFirst();
        return link !== undefined;
      }
      if (command === 'lp-stock-line') {
        const row = await deps.db
          .selectFrom('inventory')
          .select(['quantity', 'reserved'])
          .where('in_id', '=', payload.in_id)
          .executeTakeFirstOrThrow();
        return { quantity: Number(row.quantity), reserved: Number(row.reserved) };
      }
      if (command === 'lp-clone-orders') {
        const { createOrder } = await import('../server/testing/order-fixtures.ts');
        const { cloneOrders } = await import('../server/testing/bulk-orders.ts');
        const first = await createOrder(deps.db, payload.cu_id);
        if (payload.count > 1) await cloneOrders(deps.db, first.id, payload.count - 1);
        return payload.count;
      }
      if (command === 'lp-make-orders') {
        const { createOrder, createProject } = await import('../server/testing/order-fixtures.ts');
        const project = payload.project ? await createProject(deps.db, payload.cuId, payload.project) : null;
        const orders = [];
        for (const { created_at, ...options } of payload.orders ?? []) {
          const order = { ...(project ? { pr_id: project.pr_id } : {}), ...options };
          orders.push(
            await createOrder(deps.db, payload.cuId, order, created_at ? new Date(created_at) : undefined),
          );
        }
        return { project, orders };
      }
      if (command === 'lp-create-user') {
        const { createUser } = await import('../server/testing/fixtures.ts');
        return createUser(deps.db, payload ?? {});
      }
      const { lastSmsCode } = await import('../server/testing/accounts.ts');
      return (await lastSmsCode({ deps }, payload.mobile)) ?? null;
    },
    /**
     * Node middleware (Vite's dev server): `/api/*` → the real app (test-only calls under
     * `/api/__test__/` answered here).
     */
    middleware(req, res, next) {
      if (!req.url?.startsWith('/api/')) return next();
      // A request the page gave up on (an upload's idle timeout, an aborted fetch) is no error of
      // the server: handed to Vite, it became an error overlay over the test page, which took the
      // next tests' pointer events.
      const failed = (error) => {
        if (req.destroyed || res.destroyed || error?.message === 'aborted') return;
        next(error);
      };
      if (req.url.startsWith(`${TEST_ONLY}/`)) {
        testOnly(req, res).catch(failed);
        return;
      }
      app()
        .then(({ app: hono }) => {
          listener ??= getRequestListener(hono.fetch);
          return listener(req, res);
        })
        .catch(failed);
    },
  };
}
