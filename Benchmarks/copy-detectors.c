// The copy guard's detectors (one a line: rule file, caseless flag, expression) compiled with
// the guard's PCRE2 options and matched over every line of a text file, with the JIT or (third
// argument "nojit") the interpreter. Run by Benchmarks/copy-detectors.sh.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"r"); char*line=NULL; size_t cap=0; ssize_t n;
  pcre2_code*codes[500]; char names[500][64]; int np=0; double ct=0, jt=0;
  while((n=getline(&line,&cap,f))>0){ if(line[n-1]=='\n')line[--n]=0;
    char*t1=strchr(line,'\t'); *t1=0; char*t2=strchr(t1+1,'\t'); *t2=0; int ic=atoi(t1+1);
    int err; PCRE2_SIZE off; double a=now();
    codes[np]=pcre2_compile((PCRE2_SPTR)(t2+1),PCRE2_ZERO_TERMINATED,PCRE2_UTF|PCRE2_UCP|(ic?PCRE2_CASELESS:0),&err,&off,NULL);
    double b=now(); ct+=b-a;
    if(!codes[np]){printf("fail %s\n",line);continue;}
    if(argc<4||strcmp(argv[3],"nojit")) pcre2_jit_compile(codes[np],PCRE2_JIT_COMPLETE);
    jt+=now()-b; strncpy(names[np],line,63); np++; }
  fclose(f);
  char*texts[5000]; int nt=0; f=fopen(argv[2],"r");
  while((n=getline(&line,&cap,f))>0 && nt<5000){ if(line[n-1]=='\n')line[--n]=0; texts[nt++]=strdup(line);} 
  double per[500]={0}; int hits=0;
  pcre2_match_data*md=pcre2_match_data_create(10,NULL);
  double a=now();
  for(int p=0;p<np;p++){ double s=now(); for(int i=0;i<nt;i++){ int r=pcre2_match(codes[p],(PCRE2_SPTR)texts[i],strlen(texts[i]),0,PCRE2_NO_UTF_CHECK,md,NULL); if(r>0)hits++; } per[p]=now()-s; }
  double tot=now()-a;
  printf("patterns %d compile %.3fs jit %.3fs; match %.3fs for %d texts = %.1f us/text; hits %d\n",np,ct,jt,tot,nt,tot/nt*1e6,hits);
  for(int p=0;p<np;p++) if(per[p]/nt*1e6>3) printf("  %-28s %.1f us/text\n",names[p],per[p]/nt*1e6);
}
