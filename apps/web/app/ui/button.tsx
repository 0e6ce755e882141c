/**
 * Buttons (DESIGN.md): primary (accent fill, the one main action of a view), secondary (outline),
 * ghost (quiet, for toolbars and menus), danger (destructive). Every size is at least 44 px tall.
 *
 *   <Button onClick={save}>Save</Button>
 *   <Button variant="secondary" href="/cashier/deposit" iconStart="deposit">Deposit</Button>
 *   <Button loading={submitting} type="submit" fullWidth>Sign in</Button>
 *   <IconButton icon="close" label={t('ui:close')} onClick={onClose} />
 *
 * With `href` it renders a react-router `<Link>` (so it must be inside the router), otherwise a
 * `<button type="button">` (pass `type="submit"` in forms). `loading` disables the button and shows a
 * spinner in place of the start icon while keeping the label, so the width does not jump.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './class-names.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-names.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex select-none items-center justify-center gap-2 rounded-xl font-semibold leading-none whitespace-nowrap transition-[background-color,border-color,color,box-shadow] duration-150 disabled:cursor-not-allowed disabled:opacity-50';

// `not-disabled:` (not `enabled:`) so hover also applies to links, which are never :disabled.
const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary:
    'bg-accent text-on-accent shadow-[0_8px_24px_-12px_var(--color-accent)] not-disabled:hover:bg-accent-hover',
  secondary:
    'border border-border-strong bg-transparent text-text not-disabled:hover:border-accent not-disabled:hover:bg-accent/10',
  ghost: 'bg-transparent text-muted not-disabled:hover:bg-raised not-disabled:hover:text-text',
  danger: 'bg-danger-strong text-white not-disabled:hover:bg-danger-strong-hover',
};

const SIZE_CLASS: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-4 text-sm',
  md: 'min-h-12 px-5 text-base',
  lg: 'min-h-14 px-7 text-lg',
};

interface ButtonOwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  iconStart?: IconName;
  iconEnd?: IconName;
  children: ReactNode;
}

export interface ButtonAsButtonProps
  extends ButtonOwnProps,
    Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  href?: undefined;
  loading?: boolean;
}

export interface ButtonAsLinkProps extends ButtonOwnProps, Omit<LinkProps, 'to' | 'children'> {
  /** Renders a react-router `<Link to={href}>`. */
  href: string;
}

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string | undefined;
}): string {
  return cx(BASE, VARIANT_CLASS[variant], SIZE_CLASS[size], fullWidth && 'w-full', className);
}

function Content({
  iconStart,
  iconEnd,
  loading,
  children,
}: Pick<ButtonOwnProps, 'iconStart' | 'iconEnd' | 'children'> & { loading: boolean }) {
  return (
    <>
      {loading ? <Spinner size="sm" decorative /> : iconStart && <Icon name={iconStart} />}
      <span>{children}</span>
      {iconEnd && <Icon name={iconEnd} />}
    </>
  );
}

export function Button(props: ButtonProps) {
  if (props.href !== undefined) {
    const { variant, size, fullWidth, iconStart, iconEnd, children, href, className, ...linkProps } = props;
    return (
      <Link to={href} className={buttonClassName({ variant, size, fullWidth, className })} {...linkProps}>
        <Content iconStart={iconStart} iconEnd={iconEnd} loading={false}>
          {children}
        </Content>
      </Link>
    );
  }
  const {
    variant,
    size,
    fullWidth,
    iconStart,
    iconEnd,
    children,
    href: _href,
    loading = false,
    disabled,
    className,
    type = 'button',
    ...buttonProps
  } = props;
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className })}
      {...buttonProps}
    >
      <Content iconStart={iconStart} iconEnd={iconEnd} loading={loading}>
        {children}
      </Content>
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** Accessible name (there is no visible text). */
  label: string;
  variant?: Extract<ButtonVariant, 'ghost' | 'secondary'>;
}

/** A square 44 × 44 px button showing only an icon: close, favourite, fullscreen, refresh. */
export function IconButton({
  icon,
  label,
  variant = 'ghost',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-xl transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-50',
        variant === 'ghost'
          ? 'text-muted not-disabled:hover:bg-raised not-disabled:hover:text-text'
          : 'border border-border-strong text-text not-disabled:hover:border-accent',
        className,
      )}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}
