import {
  WIZARD_STEP,
  checkInviteRows,
  wizardStepData,
  type InviteCheck,
  type WizardState,
} from '@sinetti/contract';

/** Step numbers of the six setup screens (SPEC §2.6), shared with the server. */
export const STEP = WIZARD_STEP;
export { checkInviteRows, type InviteCheck };

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
