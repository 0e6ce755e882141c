/**
 * The fairness page body: the explanation, the verifier form and its result. Verification runs
 * in the browser only (the point is that the player need not trust our server): on "Verify", and
 * once after hydration when the link already carried a complete round.
 */
import { GAME_NAMES } from '@croupier/games/engine';
import {
  BadgeCheck,
  CircleAlert,
  CircleHelp,
  Fingerprint,
  KeyRound,
  Sigma,
  Terminal,
  UserRound,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { Button } from '../../../ui/button.tsx';
import { cx } from '../../../ui/class-names.ts';
import { Field, type FieldControlProps, useFieldControl } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { EXAMPLE_FORM } from './example-round.ts';
import {
  EMPTY_FORM,
  type FairnessField,
  type FairnessForm,
  isCompleteForm,
  scriptCommand,
} from './fairness-input.ts';
import { FairnessResult } from './fairness-result.tsx';
import { type Verification, verifyForm } from './verify-form.ts';

export function FairnessPage({ initialForm }: { initialForm: FairnessForm }) {
  const { t } = useTranslation('fairness');
  const [form, setForm] = useState<FairnessForm>(initialForm);
  const [verification, setVerification] = useState<Verification | null>(null);
  const resultRef = useRef<HTMLElement>(null);

  /** Verifies and, on a phone where the result sits under the form, brings the result into view. */
  function run(values: FairnessForm) {
    const next = verifyForm(values);
    setVerification(next);
    const box = resultRef.current;
    if (next.kind !== 'problems' && box && box.getBoundingClientRect().top > window.innerHeight) {
      box.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }

  // A link from a game's history carries a whole round: check it as soon as the page is live.
  // An effect (not render) so the work happens in the player's browser, not on our server.
  useEffect(() => {
    if (isCompleteForm(initialForm)) setVerification(verifyForm(initialForm));
  }, [initialForm]);

  function update(field: FairnessField, value: string) {
    setForm((previous) => ({ ...previous, [field]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    run(form);
  }

  const problems = verification?.kind === 'problems' ? verification.problems : {};
  const problemText = (field: FairnessField) => {
    const problem = problems[field];
    return problem ? t(`problems.${problem}`) : null;
  };

  return (
    <div
      className="mx-auto w-full max-w-6xl px-4 pt-8 pb-14 tablet:px-6 laptop:pt-12"
      data-testid="fairness-page"
    >
      <header className="max-w-3xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-accent/10 px-3 py-1 text-sm font-medium text-accent ring-1 ring-accent/30">
          <BadgeCheck className="size-4" aria-hidden focusable={false} />
          HMAC-SHA256 · SHA-256
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance laptop:text-5xl">{t('title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted">{t('lead')}</p>
      </header>

      <section aria-labelledby="fairness-how" className="mt-10">
        <h2 id="fairness-how" className="sr-only">
          {t('how.title')}
        </h2>
        <ol className="grid gap-4 tablet:grid-cols-2 laptopLg:grid-cols-4">
          <Step icon={<Fingerprint aria-hidden focusable={false} />} step={1} title={t('how.commit.title')}>
            {t('how.commit.text')}
          </Step>
          <Step icon={<UserRound aria-hidden focusable={false} />} step={2} title={t('how.client.title')}>
            {t('how.client.text')}
          </Step>
          <Step icon={<Sigma aria-hidden focusable={false} />} step={3} title={t('how.draw.title')}>
            {t('how.draw.text')}
          </Step>
          <Step icon={<KeyRound aria-hidden focusable={false} />} step={4} title={t('how.reveal.title')}>
            {t('how.reveal.text')}
          </Step>
        </ol>
      </section>

      <div className="mt-10 grid items-start gap-6 laptop:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section
          aria-labelledby="fairness-form-title"
          className="rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6"
        >
          <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="fairness-form-title" className="text-lg font-semibold tracking-tight">
                {t('form.title')}
              </h2>
              <p className="mt-1 text-sm text-muted">{t('form.hint')}</p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setForm(EXAMPLE_FORM);
                run(EXAMPLE_FORM);
              }}
              data-testid="fairness-example"
            >
              {t('form.example')}
            </Button>
          </div>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="fairness-form">
            <Field label={t('form.game')} error={problemText('game')}>
              <GameSelect value={form.game} onChange={(value) => update('game', value)} />
            </Field>
            <Field
              label={t('form.serverSeed')}
              hint={t('form.serverSeedHint')}
              error={problemText('serverSeed')}
            >
              <Input
                name="server_seed"
                value={form.serverSeed}
                onChange={(event) => update('serverSeed', event.target.value)}
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-sm"
              />
            </Field>
            <Field
              label={t('form.serverSeedHash')}
              hint={t('form.serverSeedHashHint')}
              error={problemText('serverSeedHash')}
            >
              <Input
                name="server_seed_hash"
                value={form.serverSeedHash}
                onChange={(event) => update('serverSeedHash', event.target.value)}
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-sm"
              />
            </Field>
            <div className="grid gap-4 tablet:grid-cols-[minmax(0,1fr)_8rem]">
              <Field label={t('form.clientSeed')} error={problemText('clientSeed')}>
                <Input
                  name="client_seed"
                  value={form.clientSeed}
                  onChange={(event) => update('clientSeed', event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono text-sm"
                />
              </Field>
              <Field label={t('form.nonce')} error={problemText('nonce')}>
                <Input
                  name="nonce"
                  value={form.nonce}
                  inputMode="numeric"
                  onChange={(event) => update('nonce', event.target.value)}
                  autoComplete="off"
                  className="amount font-mono text-sm"
                />
              </Field>
            </div>
            <Field label={t('form.bet')} hint={t('form.betHint')} error={problemText('bet')}>
              <JsonArea name="bet" value={form.bet} onChange={(value) => update('bet', value)} rows={3} />
            </Field>
            <Field label={t('form.actions')} hint={t('form.actionsHint')} error={problemText('actions')}>
              <JsonArea
                name="actions"
                value={form.actions}
                onChange={(value) => update('actions', value)}
                rows={2}
              />
            </Field>
            {verification?.kind === 'problems' && (
              <p
                role="alert"
                className="flex items-center gap-2 text-sm text-danger"
                data-testid="fairness-fix"
              >
                <CircleAlert className="size-4 shrink-0" aria-hidden focusable={false} />
                {t('problems.fixFields')}
              </p>
            )}
            <div className="flex flex-wrap gap-3 pt-1">
              <Button type="submit" iconStart="check" data-testid="fairness-verify">
                {t('form.verify')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setForm({ ...EMPTY_FORM, game: form.game });
                  setVerification(null);
                }}
              >
                {t('form.reset')}
              </Button>
            </div>
          </form>
        </section>

        <section
          ref={resultRef}
          aria-labelledby="fairness-result-title"
          aria-live="polite"
          className="scroll-mt-20 rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6"
          data-testid="fairness-result"
        >
          <h2 id="fairness-result-title" className="mb-4 text-lg font-semibold tracking-tight">
            {t('result.title')}
          </h2>
          {verification === null || verification.kind === 'problems' ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center text-muted">
              <CircleHelp className="size-8 text-border-strong" aria-hidden focusable={false} />
              <p className="max-w-sm text-sm leading-relaxed">{t('result.empty')}</p>
            </div>
          ) : (
            <FairnessResult verification={verification} />
          )}
        </section>
      </div>

      <section
        aria-labelledby="fairness-script"
        className="mt-10 rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6"
      >
        <h2 id="fairness-script" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Terminal className="size-5 text-accent" aria-hidden focusable={false} />
          {t('script.title')}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted">{t('script.text')}</p>
        <pre className="mt-3 rounded-xl border border-border bg-background p-4 text-sm break-all whitespace-pre-wrap text-text">
          <code data-testid="fairness-script">{scriptCommand(form)}</code>
        </pre>
        <p className="mt-2 text-sm text-muted">{t('script.note')}</p>
      </section>
    </div>
  );
}

function Step({
  icon,
  step,
  title,
  children,
}: {
  icon: ReactNode;
  step: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="relative rounded-2xl border border-border bg-surface p-5 shadow-card">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent ring-1 ring-accent/25 [&>svg]:size-5">
          {icon}
        </span>
        <span className="amount text-sm font-semibold text-muted">0{step}</span>
      </div>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted">{children}</p>
    </li>
  );
}

function GameSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('fairness');
  return (
    <FieldSelect value={value} onChange={onChange}>
      {GAME_NAMES.map((game) => (
        <option key={game} value={game}>
          {t(`games.${game}`)}
        </option>
      ))}
    </FieldSelect>
  );
}

function FieldSelect({
  value,
  onChange,
  children,
}: {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const control = fieldControl(useFieldControl());
  return (
    <select
      {...control}
      name="game"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cx(
        'block min-h-12 w-full appearance-none rounded-xl border bg-background px-4 text-base text-text',
        'bg-[url("data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 24 24%27 fill=%27none%27 stroke=%27%239aa3c0%27 stroke-width=%272%27%3E%3Cpath d=%27m6 9 6 6 6-6%27/%3E%3C/svg%3E")] bg-[length:20px] bg-[right_12px_center] bg-no-repeat pe-10',
        control['aria-invalid'] ? 'border-danger' : 'border-border hover:border-border-strong',
      )}
    >
      {children}
    </select>
  );
}

function JsonArea({
  name,
  value,
  onChange,
  rows,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
}) {
  const control = fieldControl(useFieldControl());
  return (
    <textarea
      {...control}
      name={name}
      value={value}
      rows={rows}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
      className={cx(
        'block w-full resize-y rounded-xl border bg-background px-4 py-3 font-mono text-sm text-text',
        control['aria-invalid'] ? 'border-danger' : 'border-border hover:border-border-strong',
      )}
    />
  );
}

/** The field's id and aria attributes for a control `<Input>` does not cover (select, textarea). */
function fieldControl(control: FieldControlProps | null): Partial<FieldControlProps> {
  return control ?? {};
}
