import { useId, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATE, type AuditEvent, type Document } from '@sinetti/contract';
import { formatDateTime } from '../../../lib/dates';
import { useAuditTrail, useTimeline } from '../api/progress';
import { eventKind } from '../lib/events';

/** Events shown at first and added by each "Show more". */
export const AUDIT_PAGE = 20;

function AuditTrail({ docId }: { docId: string }) {
  const { t } = useTranslation('signing');
  const audit = useAuditTrail(docId, true);
  const [shown, setShown] = useState(AUDIT_PAGE);
  if (audit.isPending) return <Loader size="sm" role="status" aria-label={t('audit.loading')} />;
  if (audit.isError) return <Text size="sm">{t('audit.loadFailed')}</Text>;
  const { events, chain } = audit.data;
  if (events.length === 0) return <Text size="sm">{t('audit.empty')}</Text>;
  const more = Math.min(AUDIT_PAGE, events.length - shown);
  return (
    <Stack gap="sm">
      {chain.valid ? (
        <Group gap={6} wrap="nowrap" c="teal.9">
          <IconShieldCheck size={16} aria-hidden />
          <Text size="xs">{t('audit.valid', { count: chain.length })}</Text>
        </Group>
      ) : (
        <Alert color="red" icon={<IconShieldX size={18} aria-hidden />} p="xs">
          <Text size="xs">{t('audit.broken', { seq: chain.brokenAt ?? 0 })}</Text>
        </Alert>
      )}
      <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('audit.title')}>
        {events.slice(0, shown).map((e) => (
          <Box component="li" key={e.seq}>
            <Text size="sm" fw={500}>
              {t(`events.${eventKind(e.type)}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)} · {actorName(e.actor, t)}
            </Text>
          </Box>
        ))}
      </Stack>
      {more > 0 && (
        <Button variant="subtle" size="xs" onClick={() => setShown((n) => n + AUDIT_PAGE)}>
          {t('audit.more', { count: more })}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The signing audit trail as a readable panel (issue 12 item 6): who did what when, in Helsinki time,
 * and whether the hash chain is intact. Collapsed at first (read only when opened) and paged; shown
 * once the document has been sent for signing.
 */
export function AuditPanel({ document }: { document: Pick<Document, 'id' | 'state'> }) {
  const { t } = useTranslation('signing');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const timeline = useTimeline(document.id, document.state === DOCUMENT_STATE.Signing);
  const sent = document.state >= DOCUMENT_STATE.Signing || (timeline.data?.signees.length ?? 0) > 0;
  if (!sent) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${bodyId}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id={`${bodyId}-title`}>
            {t('audit.title')}
          </Title>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={bodyId}
            leftSection={
              open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
            }
          >
            {open ? t('audit.hide') : t('audit.show')}
          </Button>
        </Group>
        <div id={bodyId}>{open && <AuditTrail docId={document.id} />}</div>
      </Stack>
    </Paper>
  );
}

/** Who an event names: Sinetti for the system, a share link's visitor as such, else the person's name. */
function actorName(actor: AuditEvent['actor'], t: TFunction<'signing'>): string {
  if (actor.kind === 'system') return 'Sinetti';
  if (actor.kind === 'visitor') return t('audit.shareVisitor');
  return actor.label ?? t('audit.unknownActor');
}
