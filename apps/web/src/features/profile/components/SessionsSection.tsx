import { Badge, Button, Group, Text } from '@mantine/core';
import type { SessionInfo } from '@sinetti/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResponsiveTable, type ListColumn } from '../../../components/ResponsiveTable';
import { showError, showSuccess } from '../../../components/toast';
import { formatDateTime, useNow } from '../../../lib/dates';
import { formatRelative } from '../../../lib/relative-dates';
import { currentLanguage, isLanguage } from '../../../lib/i18n';
import { endLocalSession } from '../../../lib/sign-out';
import { sessionsQuery, useEndSession } from '../api/sessions';
import { EndSessionModal } from './EndSessionModal';
import { SectionFailed, SectionLoading } from './QueryState';

/** The account's sessions; any of them can be ended, the current one signs out here (SPEC §2.5). */
export function SessionsSection() {
  const { t, i18n } = useTranslation('profile');
  const query = useQuery(sessionsQuery);
  const end = useEndSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useNow();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const lang = isLanguage(i18n.language) ? i18n.language : currentLanguage();

  if (query.isError) return <SectionFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <SectionLoading />;

  function confirmEnd(session: SessionInfo) {
    end.mutate(session.id, {
      onSuccess: () => {
        setEnding(null);
        if (session.current) {
          endLocalSession(queryClient);
          navigate('/signin', { replace: true });
        } else {
          showSuccess(t('sessions.ended'));
        }
      },
      onError: () => {
        setEnding(null);
        showError(t('sessions.endFailed'));
      },
    });
  }

  // On a phone each session is a card: the device (and This device) as its heading, the IP address, last
  // use and expiry labelled, the End session button beside the heading (issue 12 item 9).
  const columns: ListColumn<SessionInfo>[] = [
    {
      id: 'device',
      header: t('sessions.device'),
      cell: (session) => (
        <Group gap="xs">
          <Text size="sm">{session.device}</Text>
          {session.current && <Badge color="teal">{t('sessions.thisDevice')}</Badge>}
        </Group>
      ),
      phone: 'title',
    },
    { id: 'ip', header: t('sessions.ip'), cell: (session) => session.ip ?? t('sessions.unknown') },
    {
      id: 'lastUsed',
      header: t('sessions.lastUsed'),
      cell: (session) => (
        <span title={formatDateTime(session.updated, lang)}>
          {formatRelative(session.updated, now, lang)}
        </span>
      ),
    },
    {
      id: 'expires',
      header: t('sessions.expires'),
      cell: (session) => formatDateTime(session.expires, lang),
    },
  ];

  return (
    <>
      <Text c="dimmed" mb="md">
        {t('sessions.text')}
      </Text>
      {query.data.length === 0 ? (
        <Text>{t('sessions.empty')}</Text>
      ) : (
        <ResponsiveTable
          label={t('sessions.listLabel')}
          rows={query.data}
          rowKey={(session) => session.id}
          columns={columns}
          actions={(session) => (
            <Group justify="flex-end" wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                color="red"
                // Each button names its session: a list of "End session" buttons cannot be told apart, nor
                // can two sessions of the same browser by device alone.
                aria-label={
                  session.current
                    ? t('sessions.endNamedCurrent', { device: session.device })
                    : t('sessions.endNamed', {
                        device: session.device,
                        lastUsed: formatDateTime(session.updated, lang),
                      })
                }
                onClick={() => setEnding(session)}
              >
                {t('sessions.end')}
              </Button>
            </Group>
          )}
          actionsLabel={t('sessions.actions')}
          minWidth={640}
        />
      )}
      <EndSessionModal
        session={ending}
        pending={end.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={confirmEnd}
      />
    </>
  );
}
