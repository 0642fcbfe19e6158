import { useState } from 'react';
import { EMBED_ORIGINS_MAX, normaliseOrigin } from '@sinetti/contract';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useEmbedOrigins, useSaveEmbedOrigins } from '../api/embedding';

/** The lines of the text box that are not blank. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function OriginsForm({ saved }: { saved: string[] }) {
  const { t } = useTranslation('integrations');
  const save = useSaveEmbedOrigins();
  const [text, setText] = useState(saved.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const lines = linesOf(text);
    const wrong = lines.find((line) => normaliseOrigin(line) === null);
    if (wrong !== undefined) return setError(t('embedding.invalid', { origin: wrong }));
    if (lines.length > EMBED_ORIGINS_MAX) return setError(t('embedding.tooMany', { max: EMBED_ORIGINS_MAX }));
    setError(null);
    save.mutate(lines, {
      onSuccess: (reply) => {
        setText(reply.origins.join('\n'));
        showSuccess(t('embedding.saved'));
      },
      onError: (err) => setError(errorText(err, t('embedding.saveFailed'))),
    });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Textarea
          label={t('embedding.origins')}
          description={t('embedding.originsHint', { max: EMBED_ORIGINS_MAX })}
          placeholder="https://www.example.com"

          rows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          spellCheck={false}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('embedding.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Embedding (issue #34 item 3): the origins (one per line) whose pages may frame the
 * organization's signing pages and receive their events. Needs organization edit details (8).
 */
export function EmbeddingSection() {
  const { t } = useTranslation('integrations');
  const origins = useEmbedOrigins();
  return (
    <Stack gap="md">
      <Text size="sm">{t('embedding.intro')}</Text>
      {origins.isPending ? (
        <LoadingState label={t('embedding.loading')} />
      ) : origins.isError ? (
        <LoadFailedState
          title={t('embedding.loadFailed')}
          retryLabel={t('status.retry', { ns: 'settings' })}
          onRetry={() => void origins.refetch()}
        />
      ) : (
        <OriginsForm saved={origins.data.origins} />
      )}
    </Stack>
  );
}
