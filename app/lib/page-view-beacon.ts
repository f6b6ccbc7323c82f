import { ENDPOINT, SESSION_KEY } from "./analytics";

/**
 * A referrer that is a partner landing (`/partner/<token>`, `?token=`, `#…`) or a short link
 * (`/s/<code>`) loses everything after `/partner` or `/s`: the link's secrets never go into
 * analytics (decision 0043; the server strips them too). Written without backslashes, since it is
 * pasted into the inline script as is.
 */
const LINK_SECRET_IN_REFERRER = "/^([^?#]*?:[/][/][^/?#]+[/](?:partner|s))(?:[/?#].*)?$/i";

/**
 * The page view of a plain-HTML page (the landing, legal pages, contact: no app scripts, decision
 * 0032) as a few hundred bytes of inline script: one `page_view` event in the visit's analytics
 * session (the one the app's client goes on with after «Зарегистрироваться»), handed to
 * `navigator.sendBeacon`. It runs on a kept (cached) page too, since a kept page keeps its nonce.
 * Storage or the beacon refused: nothing is sent and nothing breaks. Decision 0037.
 */
export function pageViewBeaconScript(): string {
  return `(function(){try{var k=${JSON.stringify(SESSION_KEY)},s=sessionStorage.getItem(k);if(!s){s=crypto.randomUUID();sessionStorage.setItem(k,s)}var e={id:crypto.randomUUID(),sessionId:s,timestamp:Date.now(),eventType:"page_view",eventCategory:"navigation",eventAction:"view",eventLabel:location.pathname,pageUrl:location.href,referrer:document.referrer.replace(${LINK_SECRET_IN_REFERRER},"$1")};navigator.sendBeacon(${JSON.stringify(ENDPOINT)},new Blob([JSON.stringify({events:[e]})],{type:"text/plain;charset=UTF-8"}))}catch(x){}})();`;
}
