import {
  WIZARD_STEP,
  checkInviteRows,
  WIZARD_SKIP_FROM_CREATE,
  WIZARD_STEPS,
  wizardStepData,
  type WizardState,
  type WizardStepNumber,
} from '@sinetti/contract';
import type { WizardData } from '../db/schema/index.ts';
import { conflict, AppError } from '../lib/errors.ts';
import { parseInput } from '../http/validation.ts';

/**
 * The setup wizard's step logic (SPEC §2.6, §4.5), as pure functions over the state stored in
 * accounts.wizard. Steps: 1 create organization, 2 organization name, 3 invites (skips itself),
 * 4 invite users, 5 choose plan (skips itself), 6 confirm plan.
 */
export const STEP = WIZARD_STEP;

export const FIRST_STEP = 1;
export const LAST_STEP = WIZARD_STEPS.length;

export function initialWizard(): WizardData {
  return { step: FIRST_STEP, data: {}, skipped: [] };
}

function isStep(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= FIRST_STEP && n <= LAST_STEP;
}

/** Reads the stored jsonb defensively: anything malformed falls back to the initial state. */
export function normalizeWizard(raw: unknown): WizardData {
  if (!raw || typeof raw !== 'object') return initialWizard();
  const r = raw as Partial<Record<keyof WizardData, unknown>>;
  const data =
    r.data && typeof r.data === 'object' && !Array.isArray(r.data) ? (r.data as Record<string, unknown>) : {};
  const skipped = Array.isArray(r.skipped) ? r.skipped.filter(isStep) : [];
  return { step: isStep(r.step) ? r.step : FIRST_STEP, data, skipped: sortedUnique(skipped) };
}

export function presentWizard(w: WizardData, complete: boolean): WizardState {
  return { step: w.step, data: w.data, skipped: sortedUnique(w.skipped), complete };
}

function sortedUnique(steps: number[]): number[] {
  return [...new Set(steps)].sort((a, b) => a - b);
}

/** The first step from `from` in direction `dir` that is not skipped; clamps at the ends. */
export function nextOpenStep(skipped: readonly number[], from: number, dir: 1 | -1): number {
  for (let s = from; s >= FIRST_STEP && s <= LAST_STEP; s += dir) {
    if (!skipped.includes(s)) return s;
  }
  return dir === 1 ? LAST_STEP : FIRST_STEP;
}

/** Back to step 1, keeping what was saved. */
export function startWizard(w: WizardData): WizardData {
  return { ...w, step: FIRST_STEP };
}

/** Skips the current step. Steps 2 (the name) and 6 (the confirmation) cannot be skipped. */
export function skipStep(w: WizardData): WizardData {
  switch (w.step) {
    case STEP.createOrganization: {
      const skipped = sortedUnique([...w.skipped, ...WIZARD_SKIP_FROM_CREATE]);
      return {
        step: nextOpenStep(skipped, STEP.choosePlan, 1),
        data: { ...w.data, [STEP.createOrganization]: { create: false } },
        skipped,
      };
    }
    case STEP.invites:
    case STEP.choosePlan: {
      const skipped = sortedUnique([...w.skipped, w.step]);
      return { ...w, step: nextOpenStep(skipped, w.step + 1, 1), skipped };
    }
    case STEP.inviteUsers:
      return {
        ...w,
        step: nextOpenStep(w.skipped, STEP.choosePlan, 1),
        data: { ...w.data, [STEP.inviteUsers]: { emails: [] } },
      };
    default:
      throw conflict('This step cannot be skipped.').because('STEP_NOT_SKIPPABLE');
  }
}

/** Goes to a step; skipped steps are passed over in the direction of travel (back from 6 may land on 1). */
export function goToStep(w: WizardData, target: number): WizardData {
  if (target === w.step) return w;
  const dir = target < w.step ? -1 : 1;
  return { ...w, step: nextOpenStep(w.skipped, target, dir) };
}

/**
 * Saves one step's (already validated) data, un-skips that step and advances to the next step that
 * is not skipped. Step 1 decides over steps 2-4: create=false skips them, create=true brings them back.
 */
export function saveStep(w: WizardData, step: number, data: Record<string, unknown>): WizardData {
  let skipped = w.skipped.filter((s) => s !== step);
  if (step === STEP.createOrganization) {
    skipped =
      data.create === true
        ? skipped.filter((s) => !(WIZARD_SKIP_FROM_CREATE as readonly number[]).includes(s))
        : [...skipped, ...WIZARD_SKIP_FROM_CREATE];
  }
  skipped = sortedUnique(skipped);
  return {
    step: step === LAST_STEP ? LAST_STEP : nextOpenStep(skipped, step + 1, 1),
    data: { ...w.data, [step]: data },
    skipped,
  };
}

/**
 * Trims the typed invite rows, drops empty ones and checks each against WIZARD_INVITE_PATTERN;
 * the first invalid address answers 400 `Invalid email address: <address>` under `field`.
 */
export function cleanInviteRows(rows: readonly string[], field: string): string[] {
  const check = checkInviteRows(rows);
  if (!check.ok) {
    const message = `Invalid email address: ${check.address}`;
    throw new AppError('VALIDATION_FAILED', message, { [field]: message });
  }
  return check.emails;
}

/** Validates a step's data with the contract's schema for that step (plus the invite address check). */
export function validateStepData(step: number, raw: unknown): Record<string, unknown> {
  const schema = wizardStepData[step as WizardStepNumber];
  if (!schema) throw new AppError('VALIDATION_FAILED', 'No such step.', { id: 'No such step.' });
  const data = parseInput(schema, raw, 'data') as Record<string, unknown>;
  if (step === STEP.inviteUsers) {
    return { emails: cleanInviteRows(data.emails as string[], 'emails') };
  }
  return data;
}
