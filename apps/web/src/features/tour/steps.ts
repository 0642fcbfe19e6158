import { GUIDE_STEPS, type GuideStepName } from '@sinetti/contract';

/** The element each step highlights (its data-tour attribute); start and end highlight nothing. */
export function targetOf(step: GuideStepName): string | null {
  return step === 'start' || step === 'end' ? null : `[data-tour="${step}"]`;
}

/** Steps shown while the Create menu is held open (SPEC §2.8: open at create-folder, closed at the end). */
export const MENU_STEPS: readonly GuideStepName[] = [
  'create-folder',
  'create-document',
  'create-template',
  'create-upload',
];

/** The steps a member goes through: without documents create there is no Create button to show. */
export function visibleSteps(canCreate: boolean): GuideStepName[] {
  return GUIDE_STEPS.filter((s) => canCreate || (s !== 'create-button' && !MENU_STEPS.includes(s)));
}
