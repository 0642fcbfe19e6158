import { useEffect, type ReactNode } from 'react';
import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { Document } from '@sinetti/contract';
import { showError } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { formatDateTime, useNow } from '../../../lib/dates';
import { formatRelative } from '../../../lib/relative-dates';
import { useDocument } from '../api/info';
import { documentKeys } from '../api/keys';
import { useFolderPath } from '../api/folder';
import { isAppError } from '../hooks/useDocumentErrors';
import { useDocumentRefresh } from '../hooks/useDocumentRefresh';
import { DocumentActions } from './DocumentActions';
import { DocumentPreview } from './DocumentPreview';
import { FolderBreadcrumbs } from './FolderBreadcrumbs';
import { ListLoading } from './ListLoading';
import { StateBadge } from './StateBadge';
import { TypeLabel } from './TypeIcon';

/** What the page hands to the slots other features fill (the signing feature: side panel, send, cancel). */
export interface DocumentSlotContext {
  document: Document;
  /** Reads the document again (SPEC §4.1: after send or cancel). */
  reload: () => Promise<void>;
}

export interface DocumentPageSlots {
  /** The side panel beside the preview (SPEC §2.4: signees); returning null leaves the preview full width. */
  sidePanel?: (context: DocumentSlotContext) => ReactNode;
  /** Header actions before the page's own ones (SPEC §2.4: send for signing, cancel signing). */
  extraActions?: (context: DocumentSlotContext) => ReactNode;
}

/** Failures that say this document cannot be shown (a passing network failure keeps the page). */
function isFinal(error: unknown, hasData: boolean): boolean {
  if (isAppError(error)) return false;
  if (!hasData) return true;
  return error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'UNAVAILABLE';
}

/**
 * /document/{document} (SPEC §2.4): the document's folder path, name, state and actions, its preview and
 * the side panel. A folder opens as a listing; a document that cannot be read is cleared and the user
 * goes to /documents (SPEC §2.2).
 */
export function DocumentPage({ id, sidePanel, extraActions }: { id: string } & DocumentPageSlots) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const info = useDocument(id);
  const document = info.data;
  const path = useFolderPath(document?.parent ?? null);
  const { refresh, reload, refreshing } = useDocumentRefresh(document);
  const now = useNow();
  useDocumentTitle(`${document?.name ?? t('document.title')} · Sinetti`);

  const failed = info.isError && isFinal(info.error, document !== undefined);
  useEffect(() => {
    if (!failed) return;
    queryClient.removeQueries({ queryKey: documentKeys.info(id) });
    showError(t('toasts.openFailed'));
  }, [failed, id, queryClient, t]);

  if (failed) return <Navigate to="/documents" replace />;
  if (!document) return <ListLoading />;
  if (document.type === 'folder') return <Navigate to={`/documents/${document.id}`} replace />;

  const context: DocumentSlotContext = { document, reload };
  const side = sidePanel?.(context);
  return (
    <Stack gap="md">
      <FolderBreadcrumbs folders={path.data ?? []} current={document.name} />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {document.name}
          </Title>
          <Group gap="sm">
            <TypeLabel type={document.type} />
            <StateBadge state={document.state} />
            <Text size="sm" c="dimmed" title={formatDateTime(document.updated)}>
              {t('document.updated', { time: formatRelative(document.updated, now) })}
            </Text>
          </Group>
        </Stack>
        <DocumentActions
          document={document}
          extra={extraActions?.(context)}
          onRefresh={() => void refresh()}
          refreshing={refreshing}
        />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: side ? 8 : 12 }}>
          <DocumentPreview document={document} />
        </Grid.Col>
        {side && (
          <Grid.Col span={{ base: 12, lg: 4 }} component="aside" aria-label={t('document.sidePanel')}>
            {side}
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
