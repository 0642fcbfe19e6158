import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { PERMISSION_GROUPS, type PermissionGroup } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { groupState, setPermissions } from '../lib/permissions';

export interface PermissionsEditorProps {
  granted: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Detailed editing of the 26 ids (SPEC §6 Advanced permissions); otherwise one switch per group. */
  advanced: boolean;
  readOnly: boolean;
  /** Whether the viewer may change this permission (a non-owner changes only what they hold). */
  changeable: (id: number) => boolean;
}

/** A role's permissions, grouped (simple) or one by one with the group markers as headings (advanced). */
export function PermissionsEditor(props: PermissionsEditorProps) {
  const { t } = useTranslation('roles');
  return (
    <Stack gap="sm" role="group" aria-label={t('editor.permissionsLabel')}>
      {PERMISSION_GROUPS.map((group) =>
        props.advanced ? (
          <DetailedGroup key={group.marker} group={group} {...props} />
        ) : (
          <SimpleGroup key={group.marker} group={group} {...props} />
        ),
      )}
    </Stack>
  );
}

type GroupProps = PermissionsEditorProps & { group: PermissionGroup };

function SimpleGroup({ group, granted, onChange, readOnly, changeable }: GroupProps) {
  const { t } = useTranslation('roles');
  const state = groupState(group, granted);
  const locked = readOnly || !group.members.some(changeable);
  return (
    <Checkbox
      label={t(`groups.${group.marker}` as 'groups.1')}
      description={group.members.map((id) => t(`permission.${id}` as 'permission.1')).join(', ')}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={locked}
      onChange={() => onChange(setPermissions(granted, group.members, state !== 'all', changeable))}
    />
  );
}

function DetailedGroup({ group, granted, onChange, readOnly, changeable }: GroupProps) {
  const { t } = useTranslation('roles');
  return (
    <Stack gap={6}>
      <Checkbox
        label={<PermissionLabel id={group.marker} text={t(`permission.${group.marker}` as 'permission.1')} />}
        description={t('editor.groupNever')}
        checked={false}
        disabled
        readOnly
      />
      <Stack gap={6} pl="xl">
        {group.members.map((id) => (
          <Checkbox
            key={id}
            label={<PermissionLabel id={id} text={t(`permission.${id}` as 'permission.1')} />}
            description={!readOnly && !changeable(id) ? t('editor.notHeld') : undefined}
            checked={granted.has(id)}
            disabled={readOnly || !changeable(id)}
            onChange={(e) => onChange(setPermissions(granted, [id], e.currentTarget.checked, changeable))}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function PermissionLabel({ id, text }: { id: number; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Badge size="xs" variant="light" color="gray" component="span" aria-hidden>
        {id}
      </Badge>
      <Text span size="sm">
        {text}
      </Text>
    </Group>
  );
}
