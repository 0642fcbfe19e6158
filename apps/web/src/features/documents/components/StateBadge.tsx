import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATE_COLOR, stateKeyOf } from '../lib/states';

/** The state label of SPEC §4.1 (unknown states show as draft). */
export function StateBadge({ state }: { state: number }) {
  const { t } = useTranslation('documents');
  const key = stateKeyOf(state);
  return (
    <Badge variant="light" color={STATE_COLOR[key]} radius="sm" tt="none">
      {t(`states.${key}`)}
    </Badge>
  );
}
