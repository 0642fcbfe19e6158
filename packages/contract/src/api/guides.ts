import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { GUIDE_LAST_STEP, GUIDE_NAMES } from '../constants.ts';
import { okReply, simpleOk } from '../envelope.ts';

export const guideName = z.enum(GUIDE_NAMES, { error: 'Unknown guide.' });

/** The step reached in a guide, 0-based (0 = start). */
const guideStep = z.number().int().min(0).max(GUIDE_LAST_STEP);

/** An account's progress in one guide (SPEC §3 Guide progress). */
export const guideProgress = z.object({ complete: z.boolean(), step: guideStep });
export type GuideProgress = z.infer<typeof guideProgress>;

export const guideSetInput = z.object({
  name: guideName,
  complete: z.boolean(),
  step: guideStep.optional(),
});
export type GuideSetInput = z.infer<typeof guideSetInput>;

export const guides = {
  states: endpoint({
    id: 'guides.states',
    method: 'GET',
    path: '/guides/states',
    access: 'account',
    summary:
      "The signed-in account's guides: `guides.states` maps each guide's name to complete (SPEC §7.6); " +
      '`guides.progress` adds the step reached. Guides never started read as not complete, step 0.',
    reply: okReply({
      guides: z.object({
        states: z.record(guideName, z.boolean()),
        progress: z.record(guideName, guideProgress),
      }),
    }),
  }),
  set: endpoint({
    id: 'guides.set',
    method: 'POST',
    path: '/guides/set',
    access: 'account',
    summary:
      "Saves the signed-in account's progress in a guide: {name, complete, step?}. Skip and done send " +
      'complete true; next sends the step reached. A completed guide stays complete. 400 for an unknown guide.',
    body: guideSetInput,
    reply: simpleOk,
  }),
} as const;
