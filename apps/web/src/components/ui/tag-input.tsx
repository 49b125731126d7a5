import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { FieldError } from './form-field.tsx';
import { inputClassName } from './input.tsx';

export interface TagInputMessages {
  tooShort: string;
  tooLong: string;
  tooMany: (max: number) => string;
  duplicate: string;
}

/** Spec section 5, "Tags". Interests pass their own limits and texts. */
export const TAG_MESSAGES: TagInputMessages = {
  tooShort: 'Tags must be at least 2 characters long',
  tooLong: 'Tags cannot be longer than 20 characters',
  tooMany: (max) => `Maximum of ${max} tags allowed`,
  duplicate: 'This tag has already been added',
};

interface TagInputProps {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  suggestions?: readonly string[];
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  maxTags?: number;
  messages?: TagInputMessages;
  /** Replaces the length, duplicate and count checks: the problem with adding `candidate`, if any. */
  validate?: (tags: string[], candidate: string) => string | undefined;
  disabled?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

const SHOWN_SUGGESTIONS = 8;

/** Free-text tags with suggestions: Enter or comma adds, Backspace on an empty field removes the last. */
export function TagInput({
  id,
  value,
  onChange,
  suggestions = [],
  placeholder = 'Type and press Enter',
  minLength = 2,
  maxLength = 20,
  maxTags = 10,
  messages = TAG_MESSAGES,
  validate,
  disabled,
  ...aria
}: TagInputProps) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const suggestionsLabelId = useId();

  const chosen = new Set(value.map((tag) => tag.toLowerCase()));
  const query = draft.trim().toLowerCase();
  const visibleSuggestions = suggestions
    .filter((s) => !chosen.has(s.toLowerCase()) && (!query || s.toLowerCase().includes(query)))
    .slice(0, SHOWN_SUGGESTIONS);

  function add(raw: string): boolean {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) return false;
    let problem: string | undefined;
    if (validate) problem = validate(value, tag);
    else if (tag.length < minLength) problem = messages.tooShort;
    else if (tag.length > maxLength) problem = messages.tooLong;
    else if (chosen.has(tag.toLowerCase())) problem = messages.duplicate;
    else if (value.length >= maxTags) problem = messages.tooMany(maxTags);
    setError(problem);
    if (problem) return false;
    onChange([...value, tag]);
    setDraft('');
    return true;
  }

  function remove(tag: string) {
    onChange(value.filter((t) => t !== tag));
    setError(undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      const last = value[value.length - 1];
      if (last) remove(last);
    }
  }

  const describedBy =
    [aria['aria-describedby'], error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-2.5">
      <div
        className={cn(
          inputClassName,
          'flex min-h-11 flex-wrap items-center gap-1.5 px-2 py-1.5 focus-within:border-brand-700 focus-within:outline-2 focus-within:outline-brand-700/40',
          disabled && 'bg-stone-100',
        )}
      >
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm font-medium text-brand-900"
          >
            {tag}
            <button
              type="button"
              onClick={() => remove(tag)}
              disabled={disabled}
              className="cursor-pointer rounded-full p-0.5 hover:bg-brand-200"
              aria-label={t('common.removeTag', { tag })}
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) add(draft);
          }}
          placeholder={value.length === 0 ? placeholder : ''}
          aria-invalid={aria['aria-invalid'] || (error ? true : undefined)}
          aria-describedby={describedBy}
          className="min-w-32 flex-1 border-0 bg-transparent px-1.5 py-1 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none sm:text-sm"
        />
      </div>
      <FieldError id={errorId} message={error} />
      {visibleSuggestions.length > 0 && !disabled ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <span
            id={suggestionsLabelId}
            className="mr-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
          >
            {t('common.suggestions')}
          </span>
          <ul aria-labelledby={suggestionsLabelId} className="contents">
            {visibleSuggestions.map((suggestion) => (
              <li key={suggestion} className="contents">
                <button
                  type="button"
                  // Keeps the text field from blurring (which would add the half-typed text as a tag).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => add(suggestion)}
                  className="inline-flex cursor-pointer items-center gap-1 rounded-full border border-dashed border-stone-300 bg-white px-2.5 py-1 text-xs font-medium text-stone-700 transition-colors hover:border-brand-700 hover:text-brand-900"
                >
                  <Plus className="size-3" aria-hidden="true" />
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
