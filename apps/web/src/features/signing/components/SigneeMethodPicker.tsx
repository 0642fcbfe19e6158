import type { ReactNode } from 'react';
import { Badge, Group, Select, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigneeLevel, SigningMethodId, SigningMethodOption } from '@sinetti/contract';
import { formatMoney } from '../../../lib/money';

/** What `GET signing/levels` answers (the picker's data). */
export interface LevelsData {
  levels: SigneeLevel[];
  default: SigneeLevel;
  methods: SigningMethodOption[];
  fallback: boolean;
}

export interface MethodChoice {
  level: SigneeLevel | null;
  method: SigningMethodId | null;
}

/**
 * The level and method a new signee gets: the sender's choice, else the server's default level and, within
 * the level, the chosen method if the level offers it, else the level's first (the server lists each
 * level's default first).
 */
export function resolveChoice(data: LevelsData | undefined, choice: MethodChoice): MethodChoice {
  if (!data) return { level: null, method: null };
  const level = choice.level !== null && data.levels.includes(choice.level) ? choice.level : data.default;
  const ofLevel = data.methods.filter((m) => m.level === level);
  const method = ofLevel.find((m) => m.id === choice.method)?.id ?? ofLevel[0]?.id ?? null;
  return { level, method };
}

/** A method's price on the plan, or that the plan does not include it. */
export function MethodPrice({ option }: { option: Pick<SigningMethodOption, 'priceCents'> }) {
  const { t } = useTranslation('signing');
  return (
    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {option.priceCents === null
        ? t('methods.notOnPlan')
        : formatMoney(option.priceCents, { currency: 'EUR' })}
    </Text>
  );
}

/** The "TEST" mark of a method served by a built-in stand-in: its signatures prove nothing. */
export function TestBadge() {
  const { t } = useTranslation('signing');
  return (
    <Badge component="span" size="xs" color="orange" variant="filled" title={t('methods.testHint')}>
      {t('methods.test')}
    </Badge>
  );
}

/**
 * The add-signee form's level (only those the server's providers serve) and method (the level's offered
 * methods, each with its price and a TEST mark for stand-ins). Without any eID provider a short note says
 * that only simple signatures are available (kept small: the form sits in the document's side panel). Both are Mantine Selects: keyboard operable, and native-sized on
 * phones.
 */
export function SigneeMethodPicker({
  data,
  choice,
  onChange,
}: {
  data: LevelsData | undefined;
  choice: MethodChoice;
  onChange: (choice: MethodChoice) => void;
}) {
  const { t } = useTranslation('signing');
  const chosen = resolveChoice(data, choice);
  const levelOptions = (data?.levels ?? []).map((l) => ({ value: String(l), label: t(`levels.${l}`) }));
  const ofLevel = (data?.methods ?? []).filter((m) => m.level === chosen.level);
  const byId = new Map(ofLevel.map((m) => [m.id as string, m]));
  const methodOptions = ofLevel.map((m) => ({ value: m.id, label: m.name }));
  const method = chosen.method ? byId.get(chosen.method) : undefined;

  return (
    <>
      {data?.fallback && (
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid="methods-fallback">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="xs">{t('methods.fallback')}</Text>
        </Group>
      )}
      <Fields sideBySide={!!data?.fallback}>
        <Select
          label={t('signees.level')}
          data={levelOptions}
          value={chosen.level === null ? null : String(chosen.level)}
          onChange={(v) => v && onChange({ level: Number(v) as SigneeLevel, method: null })}
          allowDeselect={false}
          disabled={levelOptions.length < 2}
        />
        <Select
          label={t('signees.method')}
          data={methodOptions}
          value={chosen.method}
          onChange={(v) => v && onChange({ level: chosen.level, method: v as SigningMethodId })}
          allowDeselect={false}
          disabled={methodOptions.length < 2}
          renderOption={({ option }) => {
            const m = byId.get(option.value);
            return (
              <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
                <Text size="sm">{option.label}</Text>
                {m && (
                  <Group gap={4} wrap="nowrap">
                    {m.test && <TestBadge />}
                    <MethodPrice option={m} />
                  </Group>
                )}
              </Group>
            );
          }}
          description={
            method ? (
              <Group component="span" gap={6} data-testid="method-summary">
                <MethodPrice option={method} />
                {method.test && <TestBadge />}
              </Group>
            ) : undefined
          }
        />
      </Fields>
    </>
  );
}

/**
 * The two selects: one above the other, so that a method's name fits the side panel and a phone; side by
 * side when only simple signatures are offered (both are then fixed, and the form stays short).
 */
function Fields({ sideBySide, children }: { sideBySide: boolean; children: ReactNode }) {
  return sideBySide ? (
    <Group grow gap="xs" align="flex-start">
      {children}
    </Group>
  ) : (
    <>{children}</>
  );
}
