/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison interface for Yacc-like parsers in C

   Copyright (C) 1984, 1989-1990, 2000-2015, 2018-2021 Free Software Foundation,
   Inc.

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* As a special exception, you may create a larger work that contains
   part or all of the Bison parser skeleton and distribute that work
   under terms of your choice, so long as that work isn't itself a
   parser generator using the skeleton or a modified version thereof
   as a parser skeleton.  Alternatively, if you modify or redistribute
   the parser skeleton itself, you may (at your option) remove this
   special exception, which will cause the skeleton and the resulting
   Bison output files to be licensed under the GNU General Public
   License without this special exception.

   This special exception was added by the Free Software Foundation in
   version 2.2 of Bison.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

#ifndef YY_SK_YY_GRAMMAR_PARSER_H_INCLUDED
# define YY_SK_YY_GRAMMAR_PARSER_H_INCLUDED
/* Debug traces.  */
#ifndef SK_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define SK_YYDEBUG 1
#  else
#   define SK_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define SK_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined SK_YYDEBUG */
#if SK_YYDEBUG
extern int sk_yydebug;
#endif
/* "%code requires" blocks.  */
#line 28 "../grammar/parser.y"

#include "ast.h"
#include "diag.h"
#include "parse_ctx.h"

#line 63 "grammar/parser.h"

/* Token kinds.  */
#ifndef SK_YYTOKENTYPE
# define SK_YYTOKENTYPE
  enum sk_yytokentype
  {
    SK_TOK_SK_YYEMPTY = -2,
    SK_TOK_END = 0,                /* "end of file"  */
    SK_TOK_SK_YYerror = 256,       /* error  */
    SK_TOK_SK_YYUNDEF = 257,       /* "invalid token"  */
    SK_TOK_START_FILE = 258,       /* START_FILE  */
    SK_TOK_START_VALUE = 259,      /* START_VALUE  */
    SK_TOK_IDENT = 260,            /* "name"  */
    SK_TOK_NUMBER = 261,           /* "number"  */
    SK_TOK_STRING = 262,           /* "string"  */
    SK_TOK_UNIT = 263,             /* "unit"  */
    SK_TOK_ATKEY = 264,            /* "@KEY line"  */
    SK_TOK_MEASUREMENTS = 265,     /* "@MEASUREMENTS"  */
    SK_TOK_STRAY = 266,            /* "character"  */
    SK_TOK_BAD = 267               /* "bad text"  */
  };
  typedef enum sk_yytokentype sk_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined SK_YYSTYPE && ! defined SK_YYSTYPE_IS_DECLARED
union SK_YYSTYPE
{
#line 49 "../grammar/parser.y"

  char *str;
  sk_ast_item_t *item;
  sk_ast_value_t *value;
  sk_ast_triple_t *triple;

#line 99 "grammar/parser.h"

};
typedef union SK_YYSTYPE SK_YYSTYPE;
# define SK_YYSTYPE_IS_TRIVIAL 1
# define SK_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
typedef sk_span_t SK_YYLTYPE;




int sk_yyparse (void *scanner, sk_parse_ctx_t *ctx);


#endif /* !YY_SK_YY_GRAMMAR_PARSER_H_INCLUDED  */
