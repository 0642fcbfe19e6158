import { useState } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion, TextChange } from '@sinetti/contract';
import { errorText } from '../../../lib/errors';
import { useVersionCompare } from '../api/versions';
import './versions.css';

function Piece({ change }: { change: TextChange }) {
  const { t } = useTranslation('versions');
  if (change.op === 'added') return <ins className="version-added">{change.text}</ins>;
  if (change.op === 'removed') return <del className="version-removed">{change.text}</del>;
  if (change.op === 'skipped') {
    return (
      <Text component="span" c="dimmed" fs="italic" display="block" my={4}>
        {t('skipped', { count: change.length ?? 0 })}
      </Text>
    );
  }
  return <span>{change.text}</span>;
}

/** Two versions' text side by side in one flow: removed struck through, added underlined (issue 13 item 3). */
export function VersionCompare({ docId, versions }: { docId: string; versions: DocumentVersion[] }) {
  const { t } = useTranslation('versions');
  const numbers = versions.filter((v) => v.hasText).map((v) => v.number);
  const [from, setFrom] = useState(String(numbers[1] ?? numbers[0] ?? ''));
  const [to, setTo] = useState(String(numbers[0] ?? ''));
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const result = useVersionCompare(docId, pair);
  if (numbers.length < 2) return null;
  const options = numbers.map((n) => ({ value: String(n), label: t('number', { number: n }) }));

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('compareTitle')}
      </Text>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={t('from')}
          data={options}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <NativeSelect
          label={t('to')}
          data={options}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button
          variant="default"
          leftSection={<IconArrowsDiff size={16} aria-hidden />}
          onClick={() => setPair({ from: Number(from), to: Number(to) })}
          disabled={from === to}
        >
          {t('compare')}
        </Button>
      </Group>
      {pair && result.isPending && <Loader size="sm" role="status" aria-label={t('loading')} />}
      {pair && result.isError && (
        <Alert color="red" title={t('compareFailed')}>
          {errorText(result.error)}
        </Alert>
      )}
      {pair && result.data && (
        <Paper withBorder p="sm" aria-label={t('compareTitle')} role="region">
          <Text size="xs" c="dimmed" mb={6}>
            {t('legend')}
          </Text>
          {result.data.every((c) => c.op === 'same' || c.op === 'skipped') ? (
            <Text size="sm">{t('noChanges')}</Text>
          ) : (
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', maxHeight: '50vh', overflowY: 'auto' }}
              data-testid="version-diff"
              tabIndex={0}
            >
              {result.data.map((change, i) => (
                <Piece key={i} change={change} />
              ))}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
