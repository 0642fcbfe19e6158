import { Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SIGNEES_MAX, type Signee } from '@sinetti/contract';

export interface SigningOrder {
  ordered: boolean;
  /** Each signee's group while ordered (signee id → group, 1 first). */
  groups: Record<string, number>;
}

/** The order the dialog starts with: the signees' stored groups, ordered when they are in more than one. */
export function initialSigningOrder(signees: readonly Signee[]): SigningOrder {
  const groups = Object.fromEntries(signees.map((s) => [s.id, s.group]));
  return { ordered: new Set(signees.map((s) => s.group)).size > 1, groups };
}

/**
 * What send takes: every signee's group (all 1 when parallel); undefined when nothing is ordered and
 * nothing was (parallel, as without groups).
 */
export function signingOrderOption(signees: readonly Signee[], order: SigningOrder) {
  if (!order.ordered && signees.every((s) => s.group === 1)) return undefined;
  return signees.map((s) => ({ signeeId: s.id, group: order.ordered ? (order.groups[s.id] ?? 1) : 1 }));
}

/**
 * Signing order (issue #33 item 3): parallel (everyone is e-mailed at once) or in order, with a group
 * number per signee (same number: they sign in parallel; the next number is e-mailed when the group before
 * has signed). Number inputs with steppers: keyboard (arrows) and touch friendly.
 */
export function SigningOrderChoice({
  signees,
  value,
  onChange,
}: {
  signees: readonly Signee[];
  value: SigningOrder;
  onChange: (next: SigningOrder) => void;
}) {
  const { t } = useTranslation('signing');
  if (signees.length < 2) return null;
  const toggle = (ordered: boolean) => {
    // Switching on with everyone in one group: one after another, in the list's order.
    const flat = new Set(signees.map((s) => value.groups[s.id] ?? 1)).size <= 1;
    const groups = ordered && flat ? Object.fromEntries(signees.map((s, i) => [s.id, i + 1])) : value.groups;
    onChange({ ordered, groups });
  };
  return (
    <Stack gap="xs">
      <Switch
        label={t('order.label')}
        description={value.ordered ? t('order.orderedHint') : t('order.parallelHint')}
        checked={value.ordered}
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
      {value.ordered &&
        signees.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {s.fullName}
            </Text>
            <NumberInput
              aria-label={t('order.groupOf', { name: s.fullName })}
              w={110}
              min={1}
              max={Math.min(SIGNEES_MAX, signees.length)}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={value.groups[s.id] ?? 1}
              onChange={(v) =>
                onChange({ ...value, groups: { ...value.groups, [s.id]: typeof v === 'number' ? v : 1 } })
              }
            />
          </Group>
        ))}
    </Stack>
  );
}
