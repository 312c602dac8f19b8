/** Where the chosen theme (light, dark or system) is kept in the browser. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';

/**
 * Applies the stored theme before the first paint. It is written inline in every page's head
 * (vite.config.ts), because as a file it was a request the first paint waited for; the CSP lets
 * exactly this text run, by its hash (http/security.ts), and no other inline script.
 */
export const THEME_INIT_SCRIPT =
  `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}')||'system';` +
  `document.documentElement.classList.toggle('dark',t==='dark'||(t==='system'&&` +
  `matchMedia('(prefers-color-scheme: dark)').matches))}catch(e){}})();`;

/**
 * On a prerendered page, starts the app's JavaScript once the page has painted (or two seconds
 * after it loaded, for a tab in the background, which never paints). The page is whole without
 * it (its links are plain links), and on a slow connection scripts requested beside the
 * stylesheet take bandwidth the first paint needs. The build moves the page's module scripts
 * into the root's `data-scripts` (the entry first), so this text never changes and its hash can
 * stay in the CSP.
 */
export const START_AFTER_PAINT_SCRIPT =
  `(function(){var started=false;function start(){if(started)return;started=true;` +
  `document.getElementById('root').dataset.scripts.split(' ').forEach(function(src,i){` +
  `var e=document.createElement(i?'link':'script');` +
  `if(i){e.rel='modulepreload';e.href=src}else{e.type='module';e.src=src}` +
  `e.crossOrigin='';document.head.appendChild(e)})}` +
  `try{new PerformanceObserver(function(){setTimeout(start,0)}).observe({type:'paint',buffered:true})}catch(e){}` +
  `addEventListener('load',function(){setTimeout(start,2000)})})();`;
