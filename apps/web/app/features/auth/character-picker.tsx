/**
 * The sign-up form's loyalty character choice (auth config `showCharacterSelect`, ADR 033): a radio
 * group of the operator's characters with "later" preselected; the server checks the choice exists.
 */
import type { LoyaltyCharacter } from '@croupier/contract/loyalty/loyalty';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-raised/60 px-3 py-2 text-sm has-[:checked]:border-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent';

export function CharacterPicker({
  characters,
  field,
  error,
}: {
  characters: LoyaltyCharacter[];
  field: UseFormRegisterReturn<'character'>;
  error?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="flex flex-col gap-2" data-testid="character-picker">
      <legend className="mb-1 text-sm font-semibold">{t('register.character')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <label className={OPTION}>
          <input type="radio" value="" className="sr-only" {...field} />
          <span className="text-muted">{t('register.characterLater')}</span>
        </label>
        {characters.map((character) => (
          <label key={character.id} className={OPTION} title={character.description}>
            <input type="radio" value={String(character.id)} className="sr-only" {...field} />
            <img src={character.image} alt="" className="size-8 shrink-0" width={32} height={32} />
            <span className="truncate">{character.name}</span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
