import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, testDatabase } from '../testing/test-app.ts';

beforeAll(() => testDatabase());

/**
 * Spectral's OpenAPI ruleset, every rule of it (`all`, not only the recommended ones: parameter
 * and tag descriptions too), on the document the server serves: no error, no warning, nothing.
 * Three rules are off, for what a private API of the provider has none of: a licence (and its
 * URL), and a contact with a URL and an address of its own (the contact is the provider's
 * customer service, whom each customer knows).
 */
const RULESET: RulesetDefinition = {
  extends: [[oas as RulesetDefinition, 'all']],
  rules: { 'info-license': 'off', 'license-url': 'off', 'contact-properties': 'off' },
};

describe('the OpenAPI document under Spectral', () => {
  it('passes the OpenAPI ruleset with no error, warning or hint', async () => {
    const t = await testApp();
    const text = await (await t.app.request('/api/openapi.json')).text();
    const spectral = new Spectral();
    spectral.setRuleset(RULESET);
    const results = await spectral.run(new Document(text, Parsers.Json, 'openapi.json'));
    const found = results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(found).toEqual([]);
  }, 30_000);
});
