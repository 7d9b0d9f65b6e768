import { describe, expect, it } from 'vitest';
import { CHAT_CLICK_GUARD_MS, createClickGuard } from './click-guard.ts';
import { isExternal } from './external-link.ts';
import { MASK, maskProtected } from './masking.ts';
import { relativeTime } from './relative-time.ts';
import { rootFontSize } from './root-font-size.ts';
import { createRouteSearch } from './route-search.ts';
import { SCROLL_SETTLE_MS, SCROLL_RESTORE_MS, smoothScrollTo } from './scroll.ts';

describe('click guard', () => {
  it('ignores clicks for 2 s after one that acted (chat: 1 s)', () => {
    let now = 0;
    const guard = createClickGuard(undefined, () => now);
    expect(guard.allow()).toBe(true);
    now = 1999;
    expect([guard.allow(), guard.active]).toEqual([false, true]);
    now = 2000;
    expect(guard.allow()).toBe(true);
    const chat = createClickGuard(CHAT_CLICK_GUARD_MS, () => now);
    expect(chat.allow()).toBe(true);
    now += 1000;
    expect(chat.allow()).toBe(true);
  });
});

describe('relative time', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it('reads minutes under an hour, hours under a day, then days', () => {
    expect(relativeTime(now - 30_000, now, 'en')).toBe('just now');
    expect(relativeTime(now - 59 * 60_000, now, 'en')).toBe('59 min ago');
    expect(relativeTime(now - 60 * 60_000, now, 'en')).toBe('1 h ago');
    expect(relativeTime(now - 23 * 3_600_000, now, 'en')).toBe('23 h ago');
    expect(relativeTime(now - 3 * 86_400_000, now, 'en')).toBe('3 d ago');
    expect(relativeTime(now - 5 * 60_000, now, 'zh-CN')).toBe('5分钟前');
  });
});

describe('external link', () => {
  it.each([
    ['https://example.com', true],
    ['http://x', true],
    ['mailto:a@b.c', true],
    ['tel:400', true],
    ['/customer-order/index', false],
    ['javascript:alert(1)', false],
    ['ftp://x', false],
  ])('%s → %s', (path, expected) => expect(isExternal(path)).toBe(expected));
});

describe('data-protection masking', () => {
  const order = {
    from_company: 'A',
    from_phone: '1',
    from_name: 'B',
    from_address: 'C',
    to_company: 'D',
    to_phone: '2',
    to_name: 'E',
    to_address: 'F',
    sign_name: 'G',
    order_no: 'X1',
  };
  it('is_dtp 1 and goods type not 2: stop side and sign name', () => {
    const masked = maskProtected({ ...order, is_dtp: 1, to_goodstype: 1 });
    expect(masked).toMatchObject({ to_company: MASK, to_phone: MASK, to_name: MASK, to_address: MASK });
    expect(masked).toMatchObject({ sign_name: MASK, from_company: 'A', order_no: 'X1' });
  });
  it('is_dtp 1 with goods type 2 shows everything', () => {
    expect(maskProtected({ ...order, is_dtp: '1', to_goodstype: '2' })).toMatchObject(order);
  });
  it('is_dtp 3: start side', () => {
    const masked = maskProtected({ ...order, is_dtp: 3 });
    expect(masked).toMatchObject({
      from_company: MASK,
      from_phone: MASK,
      from_name: MASK,
      from_address: MASK,
    });
    expect(masked).toMatchObject({ to_company: 'D', sign_name: 'G' });
  });
});

describe('route search', () => {
  it('finds by title or path, fuzzy, best first', async () => {
    const search = await createRouteSearch([
      { title: 'order list', path: '/customer-order/index' },
      { title: 'drafts', path: '/customer-order/draft' },
      { title: 'drug inventory', path: '/customer-inventory/index-yp' },
    ]);
    expect(search('ordr list')[0]?.path).toBe('/customer-order/index');
    expect(search('inventory').map((r) => r.title)).toContain('drug inventory');
    expect(search('zzzzqqq')).toEqual([]);
    expect(search('')).toEqual([]);
  });
});

describe('root font size', () => {
  it('scales with width from 1200, base 1800, capped at 16 px', () => {
    expect(rootFontSize(800)).toBeCloseTo((1200 / 1800) * 16);
    expect(rootFontSize(1500)).toBeCloseTo((1500 / 1800) * 16);
    expect(rootFontSize(1800)).toBe(16);
    expect(rootFontSize(2560)).toBe(16);
  });
});

describe('smooth scroll', () => {
  it('reaches the target in 500 ms', async () => {
    let now = 0;
    const target = { scrollTop: 0 };
    const seen: number[] = [];
    const done = smoothScrollTo(target, 1000, undefined, {
      now: () => now,
      frame: (next) => {
        seen.push(target.scrollTop);
        now += 100;
        next();
      },
    });
    await done;
    expect(target.scrollTop).toBe(1000);
    expect(now).toBe(500);
    expect(seen.every((v, i) => i === 0 || v > seen[i - 1]!)).toBe(true);
  });

  it('gives way to the user: stops where the user scrolled meanwhile, and does nothing when already there', async () => {
    let now = 0;
    const target = { scrollTop: 900 };
    let frames = 0;
    const clock = {
      now: () => now,
      frame: (next: () => void) => {
        frames++;
        now += 100;
        if (frames === 2) target.scrollTop = 300; // the user scrolls during the restore
        next();
      },
    };
    await smoothScrollTo(target, 0, undefined, clock);
    expect(target.scrollTop, 'where the user put it').toBe(300);
    expect(frames).toBe(2);

    frames = 0;
    const still = { scrollTop: 0 };
    await smoothScrollTo(still, 0, undefined, clock);
    expect(frames, 'already there: no frame, nothing written').toBe(0);
  });
  it('follows a page that is still too short at the end, until it has grown, and no longer than it may', async () => {
    // a page that holds the position at `max` (as a browser clamps scrollTop) and grows later
    let max = 600;
    let held = 0;
    const page = {
      get scrollTop() {
        return held;
      },
      set scrollTop(v: number) {
        held = Math.min(v, max);
      },
    };
    let now = 0;
    const clock = {
      now: () => now,
      frame: (next: () => void) => {
        now += 100;
        if (now === 1500) max = 2000; // the rows arrive a second after the restore's end
        next();
      },
    };
    await smoothScrollTo(page, 900, undefined, clock);
    expect(page.scrollTop).toBe(900);
    expect(now).toBe(1500);

    // a page that never grows: given up after the settling time, where the page let it be
    now = 0;
    held = 0;
    max = 300;
    const tick = (next: () => void) => {
      now += 100;
      next();
    };
    await smoothScrollTo(page, 900, undefined, { now: () => now, frame: tick });
    expect(page.scrollTop).toBe(300);
    expect(now).toBe(SCROLL_RESTORE_MS + SCROLL_SETTLE_MS);
  });
});
