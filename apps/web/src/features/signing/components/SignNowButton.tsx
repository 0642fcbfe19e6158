import { Button } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signingBrowser } from '../lib/browser';

/**
 * Sign now (issue 12 item 5): the caller is an unsigned signee of an open round. Goes to the same
 * signing page as the one-time document-sign dialog. Shown in the document header and in the caller's
 * own signee row; callers render it only when the server's `signNow` ability is true.
 */
export function SignNowButton({ link, size = 'sm' }: { link: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('signing');
  return (
    <Button
      size={size}
      leftSection={<IconSignature size={size === 'xs' ? 14 : 16} aria-hidden />}
      onClick={() => signingBrowser.goTo(link)}
    >
      {t('actions.signNow')}
    </Button>
  );
}

/** The caller's own signing link when the server offers Sign now, else undefined. */
export function signNowLink(
  data: { signees: { isMe: boolean; signingLink?: string }[]; abilities: { signNow: boolean } } | undefined,
): string | undefined {
  if (!data?.abilities.signNow) return undefined;
  return data.signees.find((s) => s.isMe)?.signingLink;
}
