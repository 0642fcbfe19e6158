import { useState, type FormEvent } from 'react';
import { ActionIcon, Box, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_EXCLUSIVE } from '@sinetti/contract';

/** Search runs on Enter or the icon, only for text longer than 3 characters (SPEC §2.5). */
export function searchPathFor(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length > SEARCH_MIN_EXCLUSIVE ? `/search/${encodeURIComponent(trimmed)}` : null;
}

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);

  // Shorter text says why nothing happened; the text stays in the box after a search so it can be refined.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPathFor(text);
    setTooShort(!path);
    if (path) void navigate(path);
  };

  return (
    <Box component="form" role="search" onSubmit={submit} flex={1} maw={520}>
      <TextInput
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setTooShort(false);
        }}
        error={tooShort ? t('header.searchTooShort', { count: SEARCH_MIN_EXCLUSIVE + 1 }) : undefined}
        placeholder={t('header.search')}
        aria-label={t('header.search')}
        radius="xl"
        rightSection={
          <ActionIcon type="submit" variant="subtle" radius="xl" aria-label={t('header.runSearch')}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        }
      />
    </Box>
  );
}
