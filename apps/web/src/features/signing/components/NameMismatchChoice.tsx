import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NAME_MISMATCH_POLICIES, type NameMismatchPolicy } from '@sinetti/contract';

/**
 * The send dialog's choice for a name an eID or a QTSP verifies differently from the one entered (issue
 * #29): continue and show both names (the default), or stop that signee's signing. Radios: one Tab stop,
 * arrow keys between the two.
 */
export function NameMismatchChoice({
  value,
  onChange,
}: {
  value: NameMismatchPolicy;
  onChange: (value: NameMismatchPolicy) => void;
}) {
  const { t } = useTranslation('signing');
  return (
    <Radio.Group
      label={t('send.nameMismatch')}
      value={value}
      onChange={(v) => onChange(v as NameMismatchPolicy)}
    >
      <Stack gap={6} mt={6}>
        {NAME_MISMATCH_POLICIES.map((policy) => (
          <Radio key={policy} value={policy} label={t(`send.nameMismatchPolicy.${policy}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
