import { TextInput } from '@mantine/core';
import { DOCUMENT_NAME_MAX } from '@sinetti/contract';

interface Props {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** Called when the user types while an error shows, so the error clears. */
  onClearError: () => void;
}

/** The name field of the create and upload dialogs: focused 500 ms after opening (data-autofocus). */
export function DocumentNameInput({ label, value, error, onChange, onClearError }: Props) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
        if (error) onClearError();
      }}
      error={error}
      maxLength={DOCUMENT_NAME_MAX}
      autoComplete="off"
      data-autofocus
    />
  );
}
