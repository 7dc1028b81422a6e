// postinstall: says in one line whether the system keychain module (keytar, an
// optional native dependency) is usable. npm skips an optional dependency whose
// build fails without a word; FaxDesk still installs and runs (the secret is then
// encrypted with Electron's safeStorage, or kept in memory in the browser preview),
// but whoever installs should know why and how to get the real keychain.
let problem = null;
try {
  const mod = await import('keytar');
  const keytar = mod.default ?? mod;
  if (typeof keytar.setPassword !== 'function') problem = 'it loaded without its password functions';
} catch (e) {
  problem =
    e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND'
      ? 'it could not be built on this machine and was skipped'
      : `it does not load: ${String(e?.message).split('\n')[0]}`;
}
if (problem) {
  console.log(
    `FaxDesk: keytar (system keychain module) not available — ${problem}. Install went on: FaxDesk keeps the API secret ` +
      "encrypted with Electron's safeStorage (in the browser preview: in memory until you quit). For the real keychain on " +
      'Debian/Ubuntu: sudo apt install libsecret-1-dev gnome-keyring python3 make g++, then npm rebuild keytar.',
  );
} else {
  console.log('FaxDesk: keytar (system keychain module) ready.');
}
