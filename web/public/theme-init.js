(function () {
  try {
    var stored = localStorage.getItem('vite-ui-theme') || 'system';
    var dark = stored === 'dark' || (stored === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // storage blocked: the app applies the theme once it loads
  }
})();
