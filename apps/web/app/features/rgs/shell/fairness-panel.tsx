/**
 * Provably-fair panel: the committed server seed hash, the player's client seed (editable), the
 * next nonce, and seed rotation (POST /rgs/api/seeds), which reveals the old server seed so every
 * round played with it can be checked on the fairness page.
 */
import { CLIENT_SEED } from '@croupier/games/fair';
import { Check, Copy, Dices, ExternalLink, RefreshCw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { fairnessHref } from './fairness-link.ts';
import { useGameShell } from './game-shell-context.ts';
import type { RgsFairness, SeedRotation } from './rgs-client.ts';

/** 16 random bytes as hex: a fresh client seed suggestion (the player may type their own). */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function FairnessPanel({ onChange }: { onChange: (fairness: RgsFairness) => void }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { fairness } = shell;
  const [clientSeed, setClientSeed] = useState(fairness.clientSeed);
  const [rotating, setRotating] = useState(false);
  const [revealed, setRevealed] = useState<SeedRotation['revealed'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const seedId = useId();
  const problemId = useId();

  const rotate = async (event: FormEvent) => {
    event.preventDefault();
    const seed = clientSeed.trim();
    if (!CLIENT_SEED.test(seed)) {
      setProblem(t('fairness.clientSeedRule'));
      return;
    }
    setProblem(null);
    setRotating(true);
    try {
      const answer = await shell.client.rotateSeeds(seed);
      setRevealed(answer.revealed);
      onChange(answer.next);
      setClientSeed(answer.next.clientSeed);
      shell.sound.play('click');
    } catch (error) {
      shell.showError(error);
    } finally {
      setRotating(false);
    }
  };

  return (
    <div className="flex flex-col gap-5 text-sm">
      <p className="text-muted">{t('fairness.intro')}</p>
      <dl className="flex flex-col gap-3">
        <SeedRow label={t('fairness.serverSeedHash')} value={fairness.serverSeedHash} />
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted">{t('fairness.nonce')}</dt>
          <dd className="amount font-semibold text-text" data-testid="rgs-nonce">
            {fairness.nonce}
          </dd>
        </div>
      </dl>

      <form onSubmit={(event) => void rotate(event)} className="flex flex-col gap-2" noValidate>
        <label htmlFor={seedId} className="font-semibold text-text">
          {t('fairness.clientSeed')}
        </label>
        <div className="flex gap-2">
          <input
            id={seedId}
            value={clientSeed}
            onChange={(event) => setClientSeed(event.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="min-h-11 min-w-0 flex-1 rounded-xl border border-border bg-background px-3 font-mono text-sm text-text outline-none focus:border-accent"
          />
          <button
            type="button"
            onClick={() => setClientSeed(randomClientSeed())}
            aria-label={t('fairness.randomSeed')}
            title={t('fairness.randomSeed')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-border text-muted hover:border-accent hover:text-text"
          >
            <Dices className="size-5" aria-hidden />
          </button>
        </div>
        {problem ? (
          <p id={problemId} className="text-danger">
            {problem}
          </p>
        ) : (
          <p className="text-muted">{t('fairness.clientSeedHint')}</p>
        )}
        <button
          type="submit"
          disabled={rotating}
          className="mt-1 inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-accent px-4 font-semibold text-on-accent hover:bg-accent-hover disabled:opacity-60"
        >
          <RefreshCw className={rotating ? 'size-4 motion-safe:animate-spin' : 'size-4'} aria-hidden />
          {t('fairness.rotate')}
        </button>
      </form>

      {revealed && (
        <section
          aria-live="polite"
          className="flex flex-col gap-3 rounded-2xl border border-accent/30 bg-accent/5 p-4"
        >
          <h3 className="font-bold text-text">{t('fairness.revealedTitle')}</h3>
          <dl className="flex flex-col gap-3">
            <SeedRow label={t('fairness.serverSeed')} value={revealed.serverSeed} />
            <SeedRow label={t('fairness.serverSeedHash')} value={revealed.serverSeedHash} />
            <SeedRow label={t('fairness.clientSeed')} value={revealed.clientSeed} />
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-muted">{t('fairness.roundsPlayed')}</dt>
              <dd className="amount font-semibold text-text">{revealed.rounds}</dd>
            </div>
          </dl>
          <a
            href={fairnessHref(
              {
                game: shell.session.game.engine,
                serverSeed: revealed.serverSeed,
                serverSeedHash: revealed.serverSeedHash,
                clientSeed: revealed.clientSeed,
              },
              shell.lang,
            )}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-accent underline-offset-4 hover:underline"
          >
            {t('fairness.verify')}
            <ExternalLink className="size-4" aria-hidden />
          </a>
        </section>
      )}
    </div>
  );
}

function SeedRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('rgs');
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => undefined,
    );
  };
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-muted">{label}</dt>
      <dd className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-lg bg-background px-2 py-1.5 font-mono text-xs break-all text-text">
          {value}
        </code>
        <button
          type="button"
          onClick={copy}
          aria-label={t('fairness.copy', { what: label })}
          title={t('fairness.copy', { what: label })}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-white/10 hover:text-text"
        >
          {copied ? (
            <Check className="size-4 text-accent" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
        </button>
      </dd>
    </div>
  );
}
