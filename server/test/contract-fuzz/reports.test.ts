import { defineContractFuzz } from './support/run-contract-fuzz.js';

// Members' reports (issue 30).
defineContractFuzz('reports', ['createReport']);
