/** The game page's first paint (server) and its wait for a retry (browser): a quiet splash. */
export function GameSplashScreen() {
  return (
    <div className="flex h-dvh items-center justify-center bg-[#070b16]" aria-busy="true">
      <svg
        viewBox="0 0 64 64"
        className="size-16 motion-safe:animate-spin"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="32" cy="32" r="26" fill="none" stroke="#1c2440" strokeWidth="6" />
        <path
          d="M32 6a26 26 0 0 1 26 26"
          fill="none"
          stroke="#22c55e"
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
