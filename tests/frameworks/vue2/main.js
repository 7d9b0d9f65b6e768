import Vue from 'vue2/dist/vue.runtime.esm.js';
import { loadEmbeds } from '../shared/embeds.js';
import App from './App.vue';

Vue.config.ignoredElements = [/^lp-/];
new Vue({ render: (h) => h(App) }).$mount('#app');
requestAnimationFrame(() => loadEmbeds());
