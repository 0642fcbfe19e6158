import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignatureValue } from '../api/public';
import { SignaturePad } from './SignaturePad';

export interface SignatureFieldsProps {
  /** The signee's name, the typed signature's placeholder. */
  placeholder: string;
  onSignature: (value: SignatureValue | null) => void;
  intent: boolean;
  onIntent: (checked: boolean) => void;
}

/** The signing page's signature (drawn or typed) and the intent checkbox (SPEC §4.2). */
export function SignatureFields({ placeholder, onSignature, intent, onIntent }: SignatureFieldsProps) {
  const { t } = useTranslation('signee');
  return (
    <>
      <SignaturePad onChange={onSignature} placeholder={placeholder} />
      <Checkbox
        label={t('session.intent')}
        checked={intent}
        onChange={(e) => onIntent(e.currentTarget.checked)}
      />
    </>
  );
}
