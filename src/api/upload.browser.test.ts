import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../contract/codes.ts';
import { $locale, setLocale } from '../i18n/translate.ts';
import { setToken } from '../stores/auth.ts';
import { followApiOutcomes } from '../stores/api-outcomes.ts';
import { $toasts, clearNotices } from '../stores/notices.ts';
import { type FakeClock, fakeClock, until } from '../ui/testing/clock.ts';
import { setApiBase } from './config.ts';
import { ApiError, TransportCode } from './errors.ts';
import { type UploadProgress, upload } from './upload.ts';

interface Echo {
  fields: Record<string, string>;
  files: { field: string; name: string; type: string; size: number }[];
  bytes: number;
  token: string;
  language: string;
}

const MB = 1024 * 1024;
/** A file of `size` bytes that compression could not shrink. */
function file(size: number, name = 'packing-list.pdf', type = 'application/pdf'): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
  return new File([bytes], name, { type });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the upload did not fail');
}

describe('upload', () => {
  const locale = $locale.get();
  let clock: FakeClock | null = null;
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    setToken('');
    setLocale(locale);
    setApiBase('');
    clearNotices();
  });

  it('sends a 24 MB file with fields, token and language to a slow server, reporting progress', {
    timeout: 30000,
  }, async () => {
    setToken('upload-test-token');
    setLocale('en');
    const events: UploadProgress[] = [];
    const data = await upload<Echo>('__test__/upload-slow', {
      file: file(24 * MB),
      fields: { id: 42, kind: 'packing_list' },
      onProgress: (p) => events.push(p),
    });
    expect(data.fields).to.deep.equal({ id: '42', kind: 'packing_list' });
    expect(data.files).to.deep.equal([
      { field: 'file', name: 'packing-list.pdf', type: 'application/pdf', size: 24 * MB },
    ]);
    expect(data.token).to.equal('upload-test-token');
    expect(data.language).to.equal('en');

    console.log(`upload 24 MB: ${events.length} progress events`);
    const total = events[0]?.total ?? 0;
    expect(total).to.equal(data.bytes);
    expect(events.some((e) => e.loaded > 0 && e.loaded < total)).to.equal(true);
    for (let i = 1; i < events.length; i++) expect(events[i]!.loaded).to.be.at.least(events[i - 1]!.loaded);
    expect(events[events.length - 1]?.loaded).to.equal(total);
  });

  it('names the file and its field as asked', async () => {
    const data = await upload<Echo>('__test__/upload-echo', {
      file: new Blob(['a,b\n1,2\n'], { type: 'text/csv' }),
      field: 'attachment',
      fileName: 'goods.csv',
    });
    expect(data.files).to.deep.equal([{ field: 'attachment', name: 'goods.csv', type: 'text/csv', size: 8 }]);
    expect(data.token).to.equal('');
  });

  it("rejects with the server's ApiError and shows its notice (on a page that shows notices)", async () => {
    setLocale('en');
    const stop = followApiOutcomes();
    const error = await rejection(upload('customer-order/no-such-upload', { file: file(1000) })).finally(
      stop,
    );
    expect(error.code).to.equal(Code.notFound);
    expect(error.message).to.equal('No such API call');
    expect($toasts.get().map((t) => t.message)).to.deep.equal(['No such API call']);
  });

  it('rejects a body over the server limit with 413, quietly when asked', async () => {
    const stop = followApiOutcomes(); // a page that shows notices: only `quiet` keeps it silent
    try {
      const error = await rejection(
        upload('customer-order/no-such-upload', { file: file(2 * MB), quiet: true }),
      );
      expect(error.code).to.equal(Code.tooLarge);
      expect($toasts.get()).to.deep.equal([]);
    } finally {
      stop();
    }
  });

  it('aborts through the signal, without a notice', async () => {
    const stop = followApiOutcomes(); // a page that shows notices: an abort is still not one
    try {
      const controller = new AbortController();
      const started = upload('__test__/upload-slow', {
        file: file(16 * MB),
        signal: controller.signal,
        onProgress: (p) => {
          if (p.loaded > 0 && p.loaded < p.total) controller.abort();
        },
      });
      const error = await rejection(started);
      expect(error.code).to.equal(TransportCode.aborted);
      expect($toasts.get()).to.deep.equal([]);
      const already = await rejection(
        upload('__test__/upload-echo', { file: file(10), signal: controller.signal }),
      );
      expect(already.code).to.equal(TransportCode.aborted);
      expect($toasts.get()).to.deep.equal([]);
    } finally {
      stop();
    }
  });

  it('gives up when nothing moves for the idle timeout', async () => {
    clock = fakeClock();
    let sent = false;
    let settled = false;
    const started = upload('__test__/upload-stall', {
      file: file(1000),
      timeout: 300,
      quiet: true,
      onProgress: (p) => {
        sent = p.loaded === p.total;
      },
    });
    void started.catch(() => undefined).finally(() => (settled = true));
    // the body goes out (a real round trip); then the server says nothing for 3 s
    await until(() => sent, 'the whole body sent');
    await clock.tickAsync(299);
    expect(settled, 'still waiting 1 ms before the idle timeout').to.equal(false);
    await clock.tickAsync(1);
    const error = await rejection(started);
    expect(error.code).to.equal(TransportCode.timeout);
  });

  it('rejects with a network ApiError when the server cannot be reached', async () => {
    setApiBase('http://127.0.0.1:9/api');
    const error = await rejection(upload('customer-order/upload', { file: file(1000) }));
    expect(error.code).to.equal(TransportCode.network);
    expect(error.isTransport).to.equal(true);
  });
});
