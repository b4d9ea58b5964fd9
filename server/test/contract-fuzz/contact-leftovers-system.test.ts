import { defineContractFuzz } from './support/run-contract-fuzz.js';

// The contact form, members' reports and their moderation, the leftover customer/product calls and the system calls.
defineContractFuzz('contact, reports, leftovers, system', [
  'sendContactMessage',
  'listContactMessages',
  'createReport',
  'moderationAct',
  'listCustomers',
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
  'listProducts',
  'getHealth',
  'getOpenApiDocument',
  'getApiReference',
]);
