/**
 * `/_icons` (spec §2): every icon of the product sprite with its name. Selecting one opens a
 * dialog with its sizes and the line of code that uses it.
 */
import { useTranslation } from '../i18n/use-translation.tsx';
import { useDialogs } from '../ui/dialogs.tsx';
import { Icon, type IconSize } from '../ui/icon.tsx';
import { ICON_NAMES, type IconName } from '../ui/icon-names.ts';

const SIZES: IconSize[] = ['sm', 'md', 'lg', 'xl'];

function IconDetails({ name }: { name: IconName }) {
  const { t } = useTranslation('pages');
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-end justify-center gap-6 rounded-2xl border border-border bg-background py-8 text-text">
        {SIZES.map((size) => (
          <span key={size} className="flex flex-col items-center gap-2">
            <Icon name={name} size={size} />
            <span className="text-xs text-muted">{size}</span>
          </span>
        ))}
      </div>
      <div>
        <h3 className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">{t('icons.usage')}</h3>
        <pre className="overflow-x-auto rounded-xl border border-border bg-background px-4 py-3 font-mono text-sm text-accent">
          {`<Icon name="${name}" />`}
        </pre>
      </div>
    </div>
  );
}

export default function Icons() {
  const { t } = useTranslation('pages');
  const dialogs = useDialogs();
  return (
    <>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('icons.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t('icons.intro')}</p>
        <p className="mt-1 text-sm text-muted">{t('icons.count', { count: ICON_NAMES.length })}</p>
      </header>
      <ul className="grid grid-cols-2 gap-2 tablet:grid-cols-4 laptop:grid-cols-6 desktop:grid-cols-8">
        {ICON_NAMES.map((name) => (
          <li key={name}>
            <button
              type="button"
              data-icon={name}
              aria-haspopup="dialog"
              onClick={() => dialogs.open({ title: name, size: 'sm', content: <IconDetails name={name} /> })}
              className="flex w-full flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-2 py-5 text-text transition-colors hover:border-accent/60 hover:bg-raised"
            >
              <Icon name={name} size="lg" />
              <span className="font-mono text-xs text-muted">{name}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
