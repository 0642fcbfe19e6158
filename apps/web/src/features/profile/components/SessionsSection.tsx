import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SessionInfo } from '@sinetti/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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

  return (
    <>
      <Text c="dimmed" mb="md">
        {t('sessions.text')}
      </Text>
      {query.data.length === 0 ? (
        <Text>{t('sessions.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sessions.device')}</Table.Th>
                <Table.Th>{t('sessions.ip')}</Table.Th>
                <Table.Th>{t('sessions.lastUsed')}</Table.Th>
                <Table.Th>{t('sessions.expires')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{session.device}</Text>
                      {session.current && <Badge color="teal">{t('sessions.thisDevice')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{session.ip ?? t('sessions.unknown')}</Table.Td>
                  <Table.Td title={formatDateTime(session.updated, lang)}>
                    {formatRelative(session.updated, now, lang)}
                  </Table.Td>
                  <Table.Td>{formatDateTime(session.expires, lang)}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" color="red" onClick={() => setEnding(session)}>
                      {t('sessions.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
