import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigningField } from '@sinetti/contract';
import type { SignatureValue } from '../api/public';
import classes from './fields.module.css';
import { isFilled, maxLength } from './signing-fields';
import type { FieldWalk } from './useFieldWalk';

export interface FieldOverlayProps {
  /** 1-based page the overlay lies on. */
  page: number;
  walk: FieldWalk;
  signature: SignatureValue | null;
  /** A signature field was chosen: the signee goes to the signature pad (its value fills the field). */
  onSignatureField: () => void;
}

/** The field's name for the signee: its label, else its kind's. */
export function useFieldName() {
  const { t } = useTranslation('signee');
  return (field: SigningField) => field.label || t(`fields.kind.${field.kind}`);
}

/**
 * This signee's fields on one rendered page, each at its rectangle (fractions of the shown page, so they
 * scale with it): text and initials typed in place, checkboxes ticked in place, name and date shown as the
 * server will write them, signature fields showing the signature once it is drawn or typed below.
 * Required fields are marked; a field with a problem says which, under it.
 */
export function FieldOverlay({ page, walk, signature, onSignatureField }: FieldOverlayProps) {
  const { t } = useTranslation('signee');
  const nameOf = useFieldName();
  const fields = walk.fields.filter((f) => f.page === page);
  if (fields.length === 0) return null;

  // Enter goes on to the next field (the walk's keyboard path); Space still ticks a checkbox.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    walk.next();
  };

  return (
    <div className={classes.layer} data-testid={`fields-page-${page}`}>
      {fields.map((field) => {
        const problem = walk.problems[field.id];
        const problemId = `field-${field.id}-problem`;
        const filled = isFilled(field, walk.entries, signature !== null);
        const name = nameOf(field);
        const common = {
          'aria-required': field.required || undefined,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? problemId : undefined,
          onFocus: () => walk.onFocusField(field.id),
        };
        const style = {
          left: `${field.x * 100}%`,
          top: `${field.y * 100}%`,
          width: `${field.width * 100}%`,
          height: `${field.height * 100}%`,
          // Text fills about two thirds of the box's height.
          '--field-font': `${Math.max(field.height * 100 * 0.62, 0.8)}cqh`,
        } as CSSProperties;
        const value = walk.entries[field.id];
        return (
          <div
            key={field.id}
            className={classes.field}
            style={style}
            data-field={field.id}
            data-kind={field.kind}
            data-required={field.required || undefined}
            data-filled={filled || undefined}
            data-invalid={problem ? true : undefined}
            data-current={walk.current === field.id || undefined}
          >
            {(field.kind === 'text' || field.kind === 'initials') && (
              <input
                ref={walk.register(field.id)}
                className={classes.input}
                type="text"
                aria-label={name}
                maxLength={maxLength(field)}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => walk.setEntry(field.id, e.currentTarget.value)}
                onKeyDown={onEnter}
                enterKeyHint="next"
                autoComplete="off"
                {...common}
              />
            )}
            {field.kind === 'checkbox' && (
              <input
                ref={walk.register(field.id)}
                className={classes.checkbox}
                type="checkbox"
                aria-label={name}
                checked={value === true}
                onChange={(e) => walk.setEntry(field.id, e.currentTarget.checked)}
                onKeyDown={onEnter}
                {...common}
              />
            )}
            {field.kind === 'signature' && (
              <button
                ref={walk.register(field.id)}
                type="button"
                className={classes.signature}
                aria-label={signature ? t('fields.signatureMade', { name }) : t('fields.signHere', { name })}
                onClick={onSignatureField}
                // A button takes no aria-required or aria-invalid (ARIA): the label says what to do.
                aria-describedby={common['aria-describedby']}
                onFocus={common.onFocus}
              >
                {signature?.kind === 'drawn' && <img src={signature.image} alt="" />}
                {signature?.kind === 'typed' && <span className={classes.typed}>{signature.text}</span>}
                {!signature && <span aria-hidden>{t('fields.signHereShort')}</span>}
              </button>
            )}
            {(field.kind === 'name' || field.kind === 'date') && (
              <span className={classes.fixed} role="note" aria-label={`${name}: ${field.value ?? ''}`}>
                {field.value}
              </span>
            )}
            {field.required && !filled && (
              <span className={classes.mark} aria-hidden>
                *
              </span>
            )}
            {problem && (
              <span className={classes.problem} id={problemId}>
                {t(`fields.problem.${problem}`, { max: maxLength(field) })}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
