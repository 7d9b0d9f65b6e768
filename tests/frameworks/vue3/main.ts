import { createApp } from 'vue';
import { loadEmbeds } from '../shared/embeds.js';
import App from './App.vue';

createApp(App).mount('#app');
requestAnimationFrame(() => loadEmbeds());
