import { mount } from 'svelte';
import { loadEmbeds } from '../shared/embeds.js';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') });
requestAnimationFrame(() => loadEmbeds());
