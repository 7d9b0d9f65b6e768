import { describe, expect, it } from 'vitest';
import { atRisk, estimatedArrival, hoursSince, SILENT_HOURS, type TrackingFacts } from './where-now.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const moving = (facts: Partial<TrackingFacts> = {}): TrackingFacts => ({
  status: 'not_finished',
  milestone: 'in_transit',
  pickup_at: at(-10),
  deliver_by: at(10),
  picked_up_at: at(-10),
  last_news_at: at(-1),
  ...facts,
});

const risk = (facts: TrackingFacts) => atRisk(facts, estimatedArrival(facts, NOW), NOW);

describe('estimated arrival', () => {
  it('is the deliver-by time while the order runs to plan (an early pickup arrives by then too)', () => {
    expect(estimatedArrival(moving(), NOW)).toBe(at(10));
    expect(estimatedArrival(moving({ picked_up_at: at(-12) }), NOW)).toBe(at(10));
  });

  it('shifts by a late pickup: the pickup plus the planned leg', () => {
    expect(estimatedArrival(moving({ picked_up_at: at(-7) }), NOW)).toBe(at(13));
  });

  it('before the pickup: the deliver-by time until the wanted pickup passes, then now plus the leg', () => {
    const waiting = moving({
      milestone: 'confirmed',
      picked_up_at: null,
      pickup_at: at(2),
      deliver_by: at(22),
    });
    expect(estimatedArrival(waiting, NOW)).toBe(at(22));
    const overdue = moving({
      milestone: 'confirmed',
      picked_up_at: null,
      pickup_at: at(-3),
      deliver_by: at(17),
    });
    expect(estimatedArrival(overdue, NOW)).toBe(at(20));
    expect(estimatedArrival({ ...overdue, status: 'pending_confirm', milestone: 'none' }, NOW)).toBe(at(20));
  });

  it('is the deliver-by time without a planned pickup, and none without a deliver-by time', () => {
    expect(estimatedArrival(moving({ pickup_at: null, picked_up_at: at(-30) }), NOW)).toBe(at(10));
    expect(estimatedArrival(moving({ deliver_by: null }), NOW)).toBeNull();
  });

  it('is none once delivered, signed for or cancelled', () => {
    expect(estimatedArrival(moving({ milestone: 'delivered' }), NOW)).toBeNull();
    expect(estimatedArrival(moving({ status: 'finished', milestone: 'delivered' }), NOW)).toBeNull();
    expect(estimatedArrival(moving({ status: 'cancelled' }), NOW)).toBeNull();
  });
});

describe('at risk', () => {
  it('is nothing for an order on plan with recent news', () => {
    expect(risk(moving())).toBeNull();
  });

  it('is late once now is past the deliver-by time, or the estimate is', () => {
    expect(risk(moving({ deliver_by: at(-0.5), pickup_at: null }))).toEqual({
      reason: 'late',
      since: at(-0.5),
    });
    expect(risk(moving({ picked_up_at: at(-7) }))).toEqual({ reason: 'late', since: at(10) });
    expect(
      risk(moving({ status: 'pending_approval', milestone: 'none', deliver_by: at(-1), pickup_at: null })),
    ).toEqual({
      reason: 'late',
      since: at(-1),
    });
  });

  it(`is silent on the road after more than ${SILENT_HOURS} hours without news, not at ${SILENT_HOURS} exactly`, () => {
    expect(risk(moving({ last_news_at: at(-SILENT_HOURS) }))).toBeNull();
    const quiet = new Date(NOW.getTime() - SILENT_HOURS * HOUR - 1).toISOString();
    expect(risk(moving({ last_news_at: quiet }))).toEqual({ reason: 'silent', since: quiet });
    for (const milestone of ['picked_up', 'out_for_delivery'] as const)
      expect(risk(moving({ milestone, last_news_at: at(-8) }))?.reason).toBe('silent');
  });

  it('is not silent before the pickup, nor once delivered; late wins over silent', () => {
    expect(
      risk(
        moving({
          milestone: 'confirmed',
          picked_up_at: null,
          pickup_at: at(5),
          deliver_by: at(25),
          last_news_at: at(-20),
        }),
      ),
    ).toBeNull();
    expect(risk(moving({ milestone: 'delivered', last_news_at: at(-20), deliver_by: at(-5) }))).toBeNull();
    expect(risk(moving({ last_news_at: at(-20), deliver_by: at(-5), pickup_at: null }))).toEqual({
      reason: 'late',
      since: at(-5),
    });
  });
});

describe('hours since', () => {
  it('counts whole hours, at least one', () => {
    expect(hoursSince(at(-8.9), NOW)).toBe(8);
    expect(hoursSince(at(-0.2), NOW)).toBe(1);
  });
});
