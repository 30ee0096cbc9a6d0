import { describe, expect, it } from 'vitest';
import { fullPlanSavePercent, PLANS, planInSentence, planTotalCents } from './plans';

describe('the plans', () => {
  it('state the saving of paying in full from the two prices, rounded down', () => {
    // $1,997 against $2,997 saves 33.4%: the page says 33, never more than is saved.
    expect(fullPlanSavePercent()).toBe(33);
  });

  it('add the flex plan up from its instalments', () => {
    expect(planTotalCents('flex')).toBe(PLANS.flex.amountCents * PLANS.flex.instalments);
    expect(planTotalCents('full')).toBe(PLANS.full.amountCents);
  });

  it("are named in a sentence with 'plan' once: the Pay in Full plan, the Flex Plan", () => {
    expect(planInSentence('full')).toBe(`the ${PLANS.full.label} plan`);
    expect(planInSentence('flex')).toBe(`the ${PLANS.flex.label}`);
  });
});
