import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Document } from '@sinetti/contract';
import { ResponsiveTable, type ListColumn } from '../../../components/ResponsiveTable';
import { formatDateTime, useNow } from '../../../lib/dates';
import { formatRelative } from '../../../lib/relative-dates';
import { useLinkWithBack } from '../../../lib/navigation';
import { useDocumentPermissions } from '../hooks/useDocumentPermissions';
import { sortDocuments, type SortColumn, type SortOrder } from '../lib/sort';
import { RowActions } from './RowActions';
import { SortHeader } from './SortHeader';
import { StateBadge } from './StateBadge';
import { TypeLabel } from './TypeIcon';

/** Where a row opens (SPEC §2.3): a folder as a listing with a way back, anything else as a document. */
export function useRowPath(): (document: Document) => string {
  const withBack = useLinkWithBack();
  return (document) =>
    document.type === 'folder' ? withBack(`/documents/${document.id}`) : `/document/${document.id}`;
}

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} style={{ whiteSpace: 'nowrap' }}>
      {formatRelative(iso, now)}
    </time>
  );
}

export interface DocumentTableProps {
  documents: readonly Document[];
  /** Accessible name of the table. */
  label: string;
  /** The row actions column (left out on the dashboard). */
  withActions?: boolean;
  /** Folders stay above the other rows whatever the sort order (folder listings). */
  foldersFirst?: boolean;
}

/**
 * A document list (SPEC §2.3): type, name, state, created and last updated (relative, refreshed every
 * 15 s; the exact Helsinki time on hover), sortable by each column, with row actions.
 */
export function DocumentTable({
  documents,
  label,
  withActions = true,
  foldersFirst = false,
}: DocumentTableProps) {
  const { t } = useTranslation('documents');
  const now = useNow();
  const navigate = useNavigate();
  const pathOf = useRowPath();
  const can = useDocumentPermissions();
  const [order, setOrder] = useState<SortOrder | null>(null);
  const rows = sortDocuments(documents, order, foldersFirst);
  const actions = withActions && (can.edit || can.delete);
  const sortable = (column: SortColumn) => (
    <SortHeader key={column} column={column} order={order} onChange={setOrder} />
  );

  // On a phone each document is a card: its name (with its type) first, then state and dates.
  const columns: ListColumn<Document>[] = [
    {
      id: 'type',
      header: t('columns.type'),
      headerCell: sortable('type'),
      phone: 'hidden',
      cell: (d) => <TypeLabel type={d.type} />,
    },
    {
      id: 'name',
      header: t('columns.name'),
      headerCell: sortable('name'),
      phone: 'title',
      cell: (d) => (
        <Anchor component={Link} to={pathOf(d)} fw={500} onClick={(e) => e.stopPropagation()}>
          {d.name}
        </Anchor>
      ),
    },
    {
      id: 'state',
      header: t('columns.state'),
      headerCell: sortable('state'),
      cell: (d) => (d.type === 'folder' ? null : <StateBadge state={d.state} />),
    },
    {
      id: 'created',
      header: t('columns.created'),
      headerCell: sortable('created'),
      phone: 'hidden',
      cell: (d) => <When iso={d.created} now={now} />,
    },
    {
      id: 'updated',
      header: t('columns.updated'),
      headerCell: sortable('updated'),
      cell: (d) => <When iso={d.updated} now={now} />,
    },
  ];

  return (
    <ResponsiveTable
      label={label}
      rows={rows}
      rowKey={(d) => d.id}
      columns={columns}
      actions={actions ? (d) => <RowActions document={d} can={can} /> : undefined}
      actionsLabel={t('columns.actions')}
      onRowClick={(d) => void navigate(pathOf(d))}
      rowTestId="document-row"
    />
  );
}
