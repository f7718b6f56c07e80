// The web snippet (`/service/sdk/v1/web.js`) an organization's site loads to report what visitors do. Its secret is
// in plain sight, so the server holds a web app to its allowed origins, two operations and a rate per address
// (functions/sdk/handler.ts). Plain ES2017 so every current browser runs it as served.
//   <script src="https://herald.example.com/service/sdk/v1/web.js" data-app-key="hk.1.abc" data-secret="…" async></script>
//   herald.identify('customer-42', { locale: 'en' }); herald.track('checkout', { total: 12 }); herald.trackScroll('plan-id');
export const WEB_SNIPPET = `(function () {
  'use strict';
  var me = document.currentScript;
  if (!me || !window.crypto || !crypto.subtle) return;
  var appKey = me.getAttribute('data-app-key');
  var secret = me.getAttribute('data-secret');
  var base = new URL(me.src, location.href).origin;
  var enc = new TextEncoder();
  var earlier = (window.herald && window.herald.q) || [];
  var accountId = null;
  try { accountId = localStorage.getItem('herald.accountId'); } catch (e) {}
  function b64url(buf) {
    var s = '';
    new Uint8Array(buf).forEach(function (b) { s += String.fromCharCode(b); });
    return btoa(s).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  function hex(buf) {
    return Array.prototype.map.call(new Uint8Array(buf), function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function send(operation, request) {
    var path = '/service/sdk/v1/' + operation;
    var body = JSON.stringify(request);
    var timestamp = String(Date.now());
    var nonce = b64url(crypto.getRandomValues(new Uint8Array(18)).buffer);
    return crypto.subtle.digest('SHA-256', enc.encode(body)).then(function (digest) {
      var toSign = ['POST', path, timestamp, nonce, hex(digest)].join('\\n');
      return crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']).then(function (key) {
        return crypto.subtle.sign('HMAC', key, enc.encode(toSign));
      });
    }).then(function (signature) {
      return fetch(base + path, {
        method: 'POST',
        mode: 'cors',
        keepalive: true,
        headers: {
          'content-type': 'application/json',
          'x-herald-app-key': appKey,
          'x-herald-timestamp': timestamp,
          'x-herald-nonce': nonce,
          'x-herald-signature': b64url(signature)
        },
        body: body
      });
    }).then(function (res) { return res.json(); });
  }
  var herald = {
    /** names the visitor (your own account id) and creates the account on first sight */
    identify: function (id, fields) {
      accountId = id;
      try { localStorage.setItem('herald.accountId', id); } catch (e) {}
      return send('identify', Object.assign({}, fields || {}, { accountId: id }));
    },
    /** reports an event of the identified visitor; nothing before identify */
    track: function (name, properties) {
      if (!accountId) return Promise.resolve(null);
      // an id of its own, so a call the browser retries records the event once
      var event = { id: b64url(crypto.getRandomValues(new Uint8Array(12)).buffer), type: 'custom', name: name, at: Date.now(), url: location.href };
      if (properties) event.properties = properties;
      return send('events', { accountId: accountId, events: [event] });
    },
    /** reports how far the identified reader scrolls this page of the message planId: each depth reached once */
    trackScroll: function (planId) {
      var reached = 0;
      function check() {
        if (!accountId) return;
        var doc = document.documentElement;
        var seen = doc.scrollHeight > 0 ? Math.round(((window.scrollY + window.innerHeight) / doc.scrollHeight) * 100) : 100;
        var depth = [100, 75, 50, 25].filter(function (b) { return seen >= b; })[0] || 0;
        if (depth <= reached) return;
        reached = depth;
        var event = { id: b64url(crypto.getRandomValues(new Uint8Array(12)).buffer), type: 'message.scrolled', planId: planId, depth: depth, at: Date.now(), url: location.href };
        send('events', { accountId: accountId, events: [event] });
      }
      window.addEventListener('scroll', check, { passive: true });
      check();
    }
  };
  window.herald = herald;
  earlier.forEach(function (call) { herald[call[0]].apply(herald, call[1]); });
})();
`;
