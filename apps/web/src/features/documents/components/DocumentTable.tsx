import { useState } from 'react';
import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Document } from '@sinetti/contract';
import { formatDateTime, formatRelative, useNow } from '../../../lib/dates';
import { useLinkWithBack } from '../../../lib/navigation';
import { useDocumentPermissions } from '../hooks/useDocumentPermissions';
import { sortDocuments, type SortColumn, type SortOrder } from '../lib/sort';
import { RowActions } from './RowActions';
import { SortHeader } from './SortHeader';
import { StateBadge } from './StateBadge';
import { TypeLabel } from './TypeIcon';

const COLUMNS: SortColumn[] = ['type', 'name', 'state', 'created', 'updated'];

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

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column} column={column} order={order} onChange={setOrder} />
            ))}
            {actions && (
              <Table.Th w={56}>
                <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((document) => (
            <Table.Tr
              key={document.id}
              onClick={() => void navigate(pathOf(document))}
              style={{ cursor: 'pointer' }}
              data-testid="document-row"
            >
              <Table.Td>
                <TypeLabel type={document.type} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={pathOf(document)} fw={500} onClick={(e) => e.stopPropagation()}>
                  {document.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{document.type !== 'folder' && <StateBadge state={document.state} />}</Table.Td>
              <Table.Td>
                <When iso={document.created} now={now} />
              </Table.Td>
              <Table.Td>
                <When iso={document.updated} now={now} />
              </Table.Td>
              {actions && (
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <RowActions document={document} can={can} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
