import { describe, expect, it } from 'vitest';
import { $token } from '../../src/stores/auth.ts';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { elementPage, signIn } from '../../src/ui/testing/element-page.ts';
import { createTestUser } from '../../src/ui/testing/server.ts';
import './sessions-dialog.ts';

/** The administrators' part of the dialog (issue 34): "second factor required", the members' factors. */
describe('<lp-sessions-dialog>: the second-factor policy', () => {
  const { place, root, text, press } = elementPage('lp-sessions-dialog');

  it('lets an administrator require two-step sign-in, and lists the members with theirs', async () => {
    const user = await createTestUser({ admin: true, name: '周敏' });
    await signIn(user);
    const el = place('en');
    el.setAttribute('open', '');
    const box = () => root(el).querySelector<HTMLInputElement>('input[name="second_factor_required"]');
    await waitUntil(() => box() !== null, 'the policy form', { timeout: 15_000 });
    expect(box()?.checked).toBe(false);
    await waitUntil(() => text(el).includes('Members’ two-step sign-in'), 'the members part');
    expect(text(el)).toContain(`${user.username} · Off`);
    // no reset of one's own factor here
    expect(root(el).querySelector('button[aria-label^="Reset the two-step"]')).toBe(null);
    box()?.click();
    await press(el, 'Save policy');
    await waitUntil(() => text(el).includes('Changed by 周敏'), 'saved', { timeout: 15_000 });
    const res = await fetch('/api/customer-account/session-policy.html', {
      headers: { 'x-token': $token.get() ?? '' },
    });
    expect(
      ((await res.json()) as { data: { second_factor_required: boolean } }).data.second_factor_required,
    ).toBe(true);
    await expect(el).to.be.accessible();
  });
});
