import { lazy, Suspense, useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@sinetti/contract';
import { useFields } from '../api';

// The editor is its own chunk, fetched when first opened (the document page's budget, build/bundle-size).
const FieldsEditor = lazy(() => import('./FieldsEditor'));

/**
 * The side panel's card for fields placed on the pages (issue #33 item 1): how many there are, and the
 * editor to place them (the server says whether they may be changed now: a contract or template in Draft,
 * documents edit) or to see them.
 */
export function FieldsCard({ document }: { document: Document }) {
  const { t } = useTranslation('fields');
  const fields = useFields(document.id, document.state);
  const [open, setOpen] = useState(false);
  const data = fields.data;
  const count = data?.fields.length ?? 0;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fields-card-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="fields-card-title">
          {t('card.title')}
        </Title>
        {fields.isError ? (
          <Text size="sm" c="red">
            {t('card.loadFailed')}
          </Text>
        ) : data ? (
          <Text size="sm" c="dimmed" data-testid="fields-count">
            {count === 0 ? t('card.empty') : t('card.count', { count })}
          </Text>
        ) : null}
        {data && (data.editable || count > 0) && (
          <Button
            variant={data.editable ? 'filled' : 'default'}
            leftSection={<IconForms size={18} aria-hidden />}
            // Read again first: a signee removed since takes their fields along on the server.
            onClick={() => void fields.refetch().then(() => setOpen(true))}
          >
            {t(data.editable ? 'card.place' : 'card.show')}
          </Button>
        )}
      </Stack>
      {open && data && (
        <Suspense fallback={null}>
          <FieldsEditor
            document={document}
            fields={data.fields}
            editable={data.editable}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
