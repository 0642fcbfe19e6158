import { WIZARD_INVITE_PATTERN, wizardStepData, type WizardState } from '@sinetti/contract';

/** Step numbers of the six setup screens (SPEC §2.6). */
export const STEP = {
  createOrganization: 1,
  organizationName: 2,
  invites: 3,
  inviteUsers: 4,
  choosePlan: 5,
  confirmPlan: 6,
} as const;

/** Steps that skip themselves on load; going back never lands on them. */
const SELF_SKIPPING: readonly number[] = [STEP.invites, STEP.choosePlan];

/** Index of the shown step label: organization name, invite users, finish setup. */
export function stepLabelIndex(step: number): number {
  if (step <= STEP.organizationName) return 0;
  if (step <= STEP.inviteUsers) return 1;
  return 2;
}

/** The step "Back" goes to: the nearest earlier step that is neither skipped nor self-skipping. */
export function previousStep(step: number, skipped: readonly number[]): number {
  for (let s = step - 1; s > STEP.createOrganization; s--) {
    if (!skipped.includes(s) && !SELF_SKIPPING.includes(s)) return s;
  }
  return STEP.createOrganization;
}

/** The organization name saved in step 2, or '' when none was saved. */
export function savedName(wizard: WizardState): string {
  const parsed = wizardStepData[STEP.organizationName].safeParse(wizard.data[STEP.organizationName]);
  return parsed.success ? parsed.data.name : '';
}

/** The invite rows saved in step 4. */
export function savedInvites(wizard: WizardState): string[] {
  const parsed = wizardStepData[STEP.inviteUsers].safeParse(wizard.data[STEP.inviteUsers]);
  return parsed.success ? parsed.data.emails : [];
}

/** What the confirmation shows and sends: the organization (unless skipped) and its invites. */
export function setupSummary(wizard: WizardState): { organizationName: string | null; invites: string[] } {
  const name = wizard.skipped.includes(STEP.organizationName) ? '' : savedName(wizard);
  if (!name) return { organizationName: null, invites: [] };
  const invites = wizard.skipped.includes(STEP.inviteUsers) ? [] : savedInvites(wizard);
  return { organizationName: name, invites: invites.filter((e) => e.trim() !== '') };
}

export type InviteCheck = { ok: true; emails: string[] } | { ok: false; index: number; address: string };

/**
 * SPEC §5: empty rows are ignored; each other row must match the simple address pattern, and the first
 * one that does not stops the submit.
 */
export function checkInviteRows(rows: readonly string[]): InviteCheck {
  const emails: string[] = [];
  for (const [index, row] of rows.entries()) {
    const address = row.trim();
    if (address === '') continue;
    if (!WIZARD_INVITE_PATTERN.test(address)) return { ok: false, index, address };
    emails.push(address);
  }
  return { ok: true, emails };
}
