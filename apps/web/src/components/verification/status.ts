import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';

/** The colour and icon of a signature status (and of the verdict that matches it). */
export const STATUS = {
  valid: { color: 'green', Icon: IconCircleCheck },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  untrusted: { color: 'orange', Icon: IconAlertTriangle },
  invalid: { color: 'red', Icon: IconCircleX },
} as const;
